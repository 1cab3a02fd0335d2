import { createRequire as __ralphCreateRequire } from "node:module";
const require = __ralphCreateRequire(import.meta.url);
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});
var __commonJS = (cb, mod) => function __require2() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// src/core/command-table.ts
var COMMAND_TABLE = {
  plan: {
    access: "write",
    usage: "`/ralph plan [notes]`",
    effect: "start or restart planning (notes go to the planner)"
  },
  approve: {
    access: "write",
    alias: "approve",
    usage: "`/approve [spec-id]`, `/ralph approve`",
    effect: "approve the current PRD revision"
  },
  revise: {
    access: "write",
    alias: "reject",
    usage: "`/ralph revise <feedback>`",
    effect: "back to the planner with feedback (alias `/reject`)"
  },
  skip: {
    access: "write",
    usage: "`/ralph skip`",
    effect: 'answer open questions with "use your best judgment"'
  },
  run: {
    access: "write",
    usage: "`/ralph run`",
    effect: "pass the run gate, or resume after stop / failure (resets the circuit breaker)"
  },
  stop: {
    access: "write",
    usage: "`/ralph stop`",
    effect: "stop after the current agent step; cancel queued work"
  },
  replan: {
    access: "write",
    usage: "`/ralph replan <reason>`",
    effect: "invalidate the active plan by hand"
  },
  understand: {
    access: "write",
    usage: "`/ralph understand`",
    effect: "refresh the codebase map"
  },
  status: { access: "read", usage: "`/ralph status`", effect: "re-render the status comment" },
  help: { access: "read", usage: "`/ralph help`", effect: "list commands" }
};
var COMMAND_NAMES = Object.keys(COMMAND_TABLE);
function commandAccess(name) {
  return name === "unknown" ? "read" : COMMAND_TABLE[name].access;
}
function commandHelpRows() {
  return Object.values(COMMAND_TABLE).map(
    (spec) => `| ${spec.usage} | ${spec.effect} |`
  );
}

// src/core/commands.ts
var FENCE_OPEN = /^([ \t]*)(`{3,}|~{3,})(.*)$/;
var FENCE_CLOSE = /^[ \t]*(`{3,}|~{3,})[ \t]*$/;
function parseFenceOpen(line) {
  const m = FENCE_OPEN.exec(stripLineEnding(line));
  if (!m) return null;
  const indent = m[1] ?? "";
  const run = m[2] ?? "";
  const rest = m[3] ?? "";
  const char = run[0] === "~" ? "~" : "`";
  if (char === "`" && rest.includes("`")) return null;
  return { char, length: run.length, indent, info: rest.trim(), line: stripLineEnding(line) };
}
function closesFence(line, fence) {
  const m = FENCE_CLOSE.exec(stripLineEnding(line));
  const run = m?.[1];
  return run !== void 0 && run[0] === fence.char && run.length >= fence.length;
}
function stripLineEnding(line) {
  return line.replace(/\r?\n$/, "").replace(/\r$/, "");
}
function maskCodeSpans(line) {
  let out = "";
  let i = 0;
  while (i < line.length) {
    if (line[i] !== "`") {
      out += line[i];
      i++;
      continue;
    }
    let n = 0;
    while (line[i + n] === "`") n++;
    const run = "`".repeat(n);
    let close = line.indexOf(run, i + n);
    while (close !== -1 && line[close + n] === "`") {
      let m = close;
      while (line[m] === "`") m++;
      close = line.indexOf(run, m);
    }
    if (close === -1) {
      out += run;
      i += n;
      continue;
    }
    out += run + " ".repeat(close - i - n) + run;
    i = close + n;
  }
  return out;
}
var LINE_BREAK = /\r?\n|\r/;
function scanLines(text) {
  const lines = [];
  let fence = null;
  let inComment = false;
  let quoteParagraph = false;
  for (const line of text.split(LINE_BREAK)) {
    if (fence) {
      if (closesFence(line, fence)) fence = null;
      lines.push({ text: line, kind: "fence", visibleText: "" });
      continue;
    }
    if (inComment) {
      const after = skipComment(line);
      inComment = after.inComment;
      quoteParagraph = false;
      lines.push({ text: line, kind: "comment", visibleText: "" });
      continue;
    }
    const opened = parseFenceOpen(line);
    if (opened) {
      fence = opened;
      quoteParagraph = false;
      lines.push({ text: line, kind: "fence", visibleText: "" });
      continue;
    }
    const stripped = removeInlineComments(line);
    inComment = stripped.inComment;
    const quote = /^ {0,3}>/.exec(line);
    if (quote) {
      const content = line.slice(quote[0].length);
      quoteParagraph = content.trim() !== "" && parseFenceOpen(content) === null && !inComment;
      lines.push({ text: line, kind: "quote", visibleText: "" });
      continue;
    }
    if (line.trim() === "") {
      quoteParagraph = false;
      lines.push({ text: line, kind: "visible", visibleText: stripped.text });
      continue;
    }
    if (quoteParagraph) {
      lines.push({ text: line, kind: "quote", visibleText: "" });
      continue;
    }
    lines.push({ text: line, kind: "visible", visibleText: stripped.text });
  }
  return { lines, openFence: fence, inComment };
}
function skipComment(line) {
  const end = line.indexOf("-->");
  if (end === -1) return { inComment: true };
  return { inComment: removeInlineComments(line.slice(end + 3)).inComment };
}
function removeInlineComments(line) {
  const masked = maskCodeSpans(line);
  let text = "";
  let i = 0;
  while (i < line.length) {
    const open = masked.indexOf("<!--", i);
    if (open === -1) {
      text += line.slice(i);
      break;
    }
    text += line.slice(i, open);
    const end = line.indexOf("-->", open + 2);
    if (end === -1) return { text, inComment: true };
    i = end + 3;
  }
  return { text, inComment: false };
}
var ALIASES = new Map(
  Object.entries(COMMAND_TABLE).flatMap(
    ([name, spec]) => spec.alias === void 0 ? [] : [[spec.alias, name]]
  )
);
var VERBS = ["ralph", ...ALIASES.keys()].join("|");
var COMMAND_LINE = new RegExp(`^ {0,3}\\/(${VERBS})(?=\\s|$)(.*)$`, "i");
var COMMAND_SET = new Set(COMMAND_NAMES);
function isCommandName(word) {
  return COMMAND_SET.has(word);
}
function parseCommands(body) {
  const commands = [];
  for (const scanned of scanLines(body).lines) {
    if (scanned.kind !== "visible") continue;
    if (!COMMAND_LINE.test(scanned.text)) continue;
    const m = COMMAND_LINE.exec(scanned.visibleText);
    if (!m) continue;
    const verb = (m[1] ?? "").toLowerCase();
    const rest = (m[2] ?? "").trim();
    const line = scanned.text.trim();
    const aliased = ALIASES.get(verb);
    if (aliased !== void 0) {
      commands.push({ name: aliased, args: rest, line });
    } else if (rest === "") {
      commands.push({ name: "help", args: "", line });
    } else {
      const word = rest.split(/\s+/)[0] ?? "";
      const args = rest.slice(word.length).trim();
      const sub = word.toLowerCase();
      if (isCommandName(sub)) commands.push({ name: sub, args, line });
      else commands.push({ name: "unknown", subcommand: word, args, line });
    }
  }
  return commands;
}
var LOOSE_COMMAND_LINE = new RegExp(`^(\\s*)(\\/(?:${VERBS})(?=\\s|$))`, "i");
function neutralizeCommandLines(text) {
  const { lines } = scanLines(text);
  const pieces = text.split(/(\r?\n|\r)/);
  return pieces.map((piece, i) => {
    if (i % 2 === 1 || lines[i / 2]?.kind === "fence") return piece;
    return piece.replace(LOOSE_COMMAND_LINE, "$1\\$2");
  }).join("");
}

// src/action/workflow-commands.ts
import { appendFileSync, writeFileSync } from "node:fs";
import { EOL } from "node:os";
var WorkflowCommandError = class extends Error {
  name = "WorkflowCommandError";
};
function escapeData(value) {
  return value.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
function escapeProperty(value) {
  return escapeData(value).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
function workflowCommand(command, message, properties = {}) {
  const props = Object.entries(properties).filter((entry) => entry[1] !== void 0).map(([key, value]) => `${key}=${escapeProperty(String(value))}`).join(",");
  return `::${command}${props === "" ? "" : ` ${props}`}::${escapeData(message)}`;
}
function fileCommandBlock(name, value, delimiter2) {
  if (name.includes(delimiter2) || value.includes(delimiter2)) {
    throw new WorkflowCommandError(`the value of ${name} contains its delimiter ${delimiter2}`);
  }
  return `${name}<<${delimiter2}${EOL}${value}${EOL}${delimiter2}${EOL}`;
}
var Runner = class {
  constructor(env = process.env, write = (text) => process.stdout.write(text)) {
    this.env = env;
    this.write = write;
  }
  env;
  write;
  /** An input as the runner passes it (`INPUT_GITHUB-TOKEN` for `github-token`), trimmed. */
  getInput(name) {
    return (this.env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();
  }
  setOutput(name, value) {
    this.fileCommand("GITHUB_OUTPUT", name, value, "set-output");
  }
  /** State for a later `post:` step of this action (read there with getState). */
  saveState(name, value) {
    this.fileCommand("GITHUB_STATE", name, value, "save-state");
  }
  getState(name) {
    return this.env[`STATE_${name}`] ?? "";
  }
  /** The runner replaces `secret` with *** in every later log line. */
  setSecret(secret) {
    if (secret !== "") this.line(workflowCommand("add-mask", secret));
  }
  info(message) {
    this.line(message);
  }
  /** Shown only when the run has step debug logging on (the runner filters it). */
  debug(message) {
    this.line(workflowCommand("debug", message));
  }
  notice(message, properties = {}) {
    this.line(workflowCommand("notice", message, annotationProps(properties)));
  }
  warning(message, properties = {}) {
    this.line(workflowCommand("warning", message, annotationProps(properties)));
  }
  error(message, properties = {}) {
    this.line(workflowCommand("error", message, annotationProps(properties)));
  }
  /** An error annotation and a failing exit code (the process still ends normally). */
  setFailed(message) {
    process.exitCode = 1;
    this.error(message);
  }
  /**
   * Writes markdown to the Step Summary; `overwrite` replaces what this step wrote before.
   * Throws outside a runner (no GITHUB_STEP_SUMMARY), as @actions/core does.
   */
  writeSummary(markdown, overwrite = false) {
    const file = this.env.GITHUB_STEP_SUMMARY;
    if (file === void 0 || file === "") {
      throw new WorkflowCommandError(
        "GITHUB_STEP_SUMMARY is not set: the Step Summary exists only in an Actions runner"
      );
    }
    (overwrite ? writeFileSync : appendFileSync)(file, markdown, "utf8");
  }
  fileCommand(variable, name, value, legacy) {
    const file = this.env[variable];
    if (file === void 0 || file === "") {
      this.write(`${EOL}${workflowCommand(legacy, value, { name })}${EOL}`);
      return;
    }
    appendFileSync(file, fileCommandBlock(name, value, delimiter()), "utf8");
  }
  line(text) {
    this.write(`${text}${EOL}`);
  }
};
function delimiter() {
  return `ghadelimiter_${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}
function annotationProps(p) {
  return {
    title: p.title,
    file: p.file,
    line: p.line,
    endLine: p.endLine,
    col: p.col,
    endColumn: p.endColumn
  };
}

export {
  __require,
  __commonJS,
  __export,
  __toESM,
  commandAccess,
  commandHelpRows,
  parseFenceOpen,
  closesFence,
  maskCodeSpans,
  scanLines,
  parseCommands,
  neutralizeCommandLines,
  Runner
};
