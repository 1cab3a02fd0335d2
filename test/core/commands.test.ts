import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  maskCodeSpans,
  neutralizeCommandLines,
  parseCommands,
  scanLines,
} from "../../src/core/commands.js";
import type { Command } from "../../src/core/events.js";
import { binaryString } from "../support/binary-string.js";

const cmd = (name: Command["name"], args: string, line: string): Command =>
  name === "unknown" ? { name, subcommand: "", args, line } : ({ name, args, line } as Command);

/** What a fenced `/ralph run` leaves: the `/approve` after the fence. */
const approve = cmd("approve", "", "/approve");

describe("parseCommands", () => {
  const cases: [string, string, Command[]][] = [
    [
      "plain plan with notes",
      "/ralph plan add OAuth login",
      [cmd("plan", "add OAuth login", "/ralph plan add OAuth login")],
    ],
    [
      "args are trimmed",
      "/ralph plan    spaced out   ",
      [cmd("plan", "spaced out", "/ralph plan    spaced out")],
    ],
    ["case-insensitive verb and subcommand", "/RALPH Run", [cmd("run", "", "/RALPH Run")]],
    ["/ralph alone is help", "/ralph", [cmd("help", "", "/ralph")]],
    ["/ralph with only spaces is help", "/ralph   ", [cmd("help", "", "/ralph")]],
    ["/ralph help", "/ralph help", [cmd("help", "", "/ralph help")]],
    ["/approve", "/approve", [cmd("approve", "", "/approve")]],
    ["/approve with spec id", "/approve spec-2", [cmd("approve", "spec-2", "/approve spec-2")]],
    ["/Approve mixed case", "/Approve", [cmd("approve", "", "/Approve")]],
    ["/ralph approve", "/ralph approve", [cmd("approve", "", "/ralph approve")]],
    ["/reject is revise", "/reject too broad", [cmd("revise", "too broad", "/reject too broad")]],
    [
      "/ralph revise",
      "/ralph revise split story 2",
      [cmd("revise", "split story 2", "/ralph revise split story 2")],
    ],
    [
      "every known subcommand",
      "/ralph skip\n/ralph stop\n/ralph replan wrong api\n/ralph understand\n/ralph status",
      [
        cmd("skip", "", "/ralph skip"),
        cmd("stop", "", "/ralph stop"),
        cmd("replan", "wrong api", "/ralph replan wrong api"),
        cmd("understand", "", "/ralph understand"),
        cmd("status", "", "/ralph status"),
      ],
    ],
    ["up to three leading spaces", "   /ralph run", [cmd("run", "", "/ralph run")]],
    ["four spaces is an indented code block", "    /ralph run", []],
    ["a tab is an indented code block", "\t/ralph run", []],
    ["word boundary: /ralphy", "/ralphy plan", []],
    ["word boundary: /approved", "/approved", []],
    ["word boundary: /rejected", "/rejected", []],
    ["punctuation right after the verb", "/ralph: run", []],
    ["not at line start", "please /ralph run", []],
    ["inside a list item marker", "- /ralph run", []],
    // No empty top-level spelling: only the aliases the command table declares.
    ["a slash alone, or before a blank", "/\n/ ralph run", []],
    [
      "CRLF line endings",
      "/ralph plan a\r\n/approve\r\n",
      [cmd("plan", "a", "/ralph plan a"), cmd("approve", "", "/approve")],
    ],
    [
      "several in order, prose between",
      "Thanks!\n/ralph revise smaller\nand then\n/approve\n",
      [cmd("revise", "smaller", "/ralph revise smaller"), cmd("approve", "", "/approve")],
    ],
    ["backtick fence hides", "```\n/ralph run\n```\n/ralph stop", [cmd("stop", "", "/ralph stop")]],
    [
      "tilde fence with info string hides",
      "~~~sh title=x\n/approve\n~~~\n/ralph status",
      [cmd("status", "", "/ralph status")],
    ],
    ["unclosed fence runs to the end", "```\n/ralph run\n\n/approve", []],
    [
      "a shorter fence does not close a longer one",
      "````md\n```\n/ralph run\n```\n````\n/ralph stop",
      [cmd("stop", "", "/ralph stop")],
    ],
    [
      "a tilde line does not close a backtick fence",
      "```\n~~~\n/ralph run\n```\n/approve",
      [cmd("approve", "", "/approve")],
    ],
    [
      "closing fence may be longer",
      "```\n/ralph run\n`````\n/approve",
      [cmd("approve", "", "/approve")],
    ],
    [
      "backticks in the info string make it inline code, not a fence",
      "```a`b\n/ralph run",
      [cmd("run", "", "/ralph run")],
    ],
    // A fence run closes only alone on its line.
    ["text before a fence run", "```\nsee ```\n/ralph run\n```\n/approve", [approve]],
    ["a word after a fence run", "```\n``` js\n/ralph run\n```\n/approve", [approve]],
    ["a language after a fence run", "```\n```js\n/ralph run\n```\n/approve", [approve]],
    [
      "a fence whose info string holds a line separator (U+2028) still hides",
      "```js\u2028x\n/ralph run\n```\n/approve",
      [approve],
    ],
    [
      "indented fence inside a list item",
      "- step\n  ```\n/ralph run\n  ```\n/approve",
      [cmd("approve", "", "/approve")],
    ],
    ["block quote hides", "> /ralph run\n/ralph stop", []],
    [
      "block quote then blank line",
      "> /ralph run\n\n/ralph stop",
      [cmd("stop", "", "/ralph stop")],
    ],
    ["lazy continuation of a quote hides", "> I said\n/ralph run", []],
    ["nested quote hides", ">> /approve", []],
    [
      "single-line HTML comment hides",
      "<!-- /ralph run -->\n/ralph stop",
      [cmd("stop", "", "/ralph stop")],
    ],
    [
      "multi-line HTML comment hides",
      "<!--\n/ralph run\n/approve\n-->\n/ralph status",
      [cmd("status", "", "/ralph status")],
    ],
    ["unclosed HTML comment hides the rest", "text <!-- note\n/ralph run", []],
    [
      "comment closing then command on the next line",
      "a <!-- b\nc --> d\n/approve",
      [cmd("approve", "", "/approve")],
    ],
    ["command after a comment on the same line does not count", "<!-- x -->/ralph run", []],
    [
      "inline comment is removed from args",
      "/ralph plan add <!-- secret --> login",
      [cmd("plan", "add  login", "/ralph plan add <!-- secret --> login")],
    ],
    ["<!--> is a complete comment", "a <!--> b\n/ralph run", [cmd("run", "", "/ralph run")]],
    [
      "comment opener in inline code is literal",
      "use `<!--` here\n/ralph run",
      [cmd("run", "", "/ralph run")],
    ],
    [
      "fence inside an HTML comment is not a fence",
      "<!--\n```\n-->\n/ralph run\n```",
      [cmd("run", "", "/ralph run")],
    ],
    [
      "comment opener inside a fence is code",
      "```html\n<!--\n```\n/ralph run",
      [cmd("run", "", "/ralph run")],
    ],
    // An empty quote line (or one that only opens a fence) starts no paragraph, so the next
    // line is no lazy continuation: GitHub shows it outside the quote.
    [">  alone leaves the next line visible", ">\n/ralph run", [cmd("run", "", "/ralph run")]],
    [
      "> and spaces leave the next line visible",
      ">   \n/ralph run",
      [cmd("run", "", "/ralph run")],
    ],
    ["a fence opened in a quote ends with it", "> ```\n/ralph run", [cmd("run", "", "/ralph run")]],
    [
      "a line of spaces ends a quoted paragraph",
      "> I said\n   \n/ralph run",
      [cmd("run", "", "/ralph run")],
    ],
    ["a tilde fence may have backticks in its info", "~~~ `js`\n/ralph run\n~~~", []],
    [
      "a comment closed, then another opened on the same line, hides on",
      "<!--\nend --> <!-- again\n/ralph run\n-->",
      [],
    ],
    [
      "backticks before a comment's end pair with none after it",
      "<!--\n` --> <!-- `\n/ralph run\n-->",
      [],
    ],
    [
      "a code span closes only on a run of its own length",
      "/ralph plan ``a``` <!-- c --> `x",
      [cmd("plan", "``a```  `x", "/ralph plan ``a``` <!-- c --> `x")],
    ],
  ];
  it.each(cases)("%s", (_name, body, expected) => {
    expect(parseCommands(body)).toEqual(expected);
  });

  it.each([
    [
      "/ralph frobnicate now please",
      {
        name: "unknown",
        subcommand: "frobnicate",
        args: "now please",
        line: "/ralph frobnicate now please",
      },
    ],
    ["/ralph Deploy", { name: "unknown", subcommand: "Deploy", args: "", line: "/ralph Deploy" }],
    [
      "/ralph plan-it",
      { name: "unknown", subcommand: "plan-it", args: "", line: "/ralph plan-it" },
    ],
  ])("unknown subcommand %s", (body, expected) => {
    expect(parseCommands(body)).toEqual([expected]);
  });

  it("never throws and returns well-formed commands on arbitrary text", () => {
    const markdownish = fc
      .array(
        fc.oneof(
          binaryString({ maxLength: 30 }),
          fc.constantFrom(
            "/ralph",
            "/approve",
            "/reject",
            "```",
            "~~~",
            "> ",
            "<!--",
            "-->",
            "\n",
            "\r\n",
            "`",
            " ",
            "/ralph run",
            "\u202E",
            "\u200B",
          ),
        ),
        { maxLength: 40 },
      )
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(markdownish, (body) => {
        const commands = parseCommands(body);
        for (const c of commands) {
          expect(/^\s*\/(ralph|approve|reject)/i.test(c.line)).toBe(true);
          expect(c.args).toBe(c.args.trim());
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("neutralizeCommandLines", () => {
  it("defuses every command line but leaves fenced code alone", () => {
    const body = "/ralph run\n  /approve\n```\n/ralph stop\n```\n> /reject\ntext /ralph plan";
    expect(neutralizeCommandLines(body)).toBe(
      "\\/ralph run\n  \\/approve\n```\n/ralph stop\n```\n> /reject\ntext /ralph plan",
    );
    expect(parseCommands(neutralizeCommandLines(body))).toEqual([]);
  });

  it("keeps line endings exactly", () => {
    expect(neutralizeCommandLines("a\r\n/ralph run\rb\n")).toBe("a\r\n\\/ralph run\rb\n");
  });

  it("leaves no command in arbitrary text (property)", () => {
    const tokens = fc.constantFrom(
      "/ralph",
      "/ralph run",
      "/approve x",
      "/REJECT",
      "```",
      "~~~~",
      "> q",
      "<!--",
      "-->",
      "\n",
      "\r\n",
      "   ",
      "\t",
      "`",
      "a",
    );
    fc.assert(
      fc.property(fc.array(tokens, { maxLength: 40 }), (parts) => {
        const text = parts.join("");
        expect(parseCommands(neutralizeCommandLines(text))).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("scanner helpers", () => {
  it("masks code spans with equal-length runs only", () => {
    expect(maskCodeSpans("a `<!--` b")).toBe("a `    ` b");
    expect(maskCodeSpans("``x`y`` z")).toBe("``   `` z");
    expect(maskCodeSpans("no `close")).toBe("no `close");
  });

  it("reports a fence left open at the end", () => {
    expect(scanLines("~~~~ js\nx").openFence).toMatchObject({ char: "~", length: 4, info: "js" });
    expect(scanLines("```\nx\n```").openFence).toBeNull();
  });
});
