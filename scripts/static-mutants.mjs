// The static mutants of one source file (code that runs while modules load: regexes, tables,
// schemas, and what they call), as Stryker's own instrumenter generates them, for
// `scripts/mutation-recheck.mjs --static`. Stryker's static pass records some of them as surviving
// that the tests kill (docs/testing.md), so they are checked by applying each one and running the
// tests, as the recorded survivors are.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ensureMutationTools, toolsRequire } from "./mutation-tools.mjs";

ensureMutationTools();
const instrumenter = toolsRequire.resolve("@stryker-mutator/instrumenter");
const { Instrumenter } = await import(pathToFileURL(instrumenter).href);
// The parser the instrumenter itself uses, from its own dependencies.
const { parse } = createRequire(instrumenter)("@babel/parser");

const quiet = () => {};
const logger = {
  isTraceEnabled: () => false,
  isDebugEnabled: () => false,
  isInfoEnabled: () => false,
  trace: quiet,
  debug: quiet,
  info: quiet,
  warn: console.warn,
  error: console.error,
  fatal: console.error,
};

const isFunction = (node) => /Function|Method/.test(node.type) && node.body;

/** Calls `visit(node, enclosingFunctions)` on every node of `ast`. */
function walk(node, visit, functions = []) {
  if (node === null || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit, functions);
    return;
  }
  if (typeof node.type !== "string") return;
  visit(node, functions);
  const inner = isFunction(node) ? [...functions, node] : functions;
  for (const [key, value] of Object.entries(node)) {
    if (key !== "loc" && !key.endsWith("Comments")) walk(value, visit, inner);
  }
}

const parseTs = (source) => parse(source, { sourceType: "module", plugins: ["typescript"] });

/** The names of the functions called from module-level code anywhere under `root` (src/). */
function namesCalledAtLoad(root) {
  const names = new Set();
  const files = readdirSync(root, { recursive: true }).filter((f) => f.endsWith(".ts"));
  for (const file of files) {
    walk(parseTs(readFileSync(join(root, file), "utf8")).program, (node, functions) => {
      if (functions.length === 0 && node.type === "CallExpression") {
        if (node.callee.type === "Identifier") names.add(node.callee.name);
      }
    });
  }
  return names;
}

/**
 * [start, end) offsets of the function bodies that run only when called after loading: not
 * those called from module-level code (here or in another file of src/, by name, and what those
 * call in turn), nor callbacks handed to a call made at module level (a table built with `map`).
 */
function runtimeBodies(source, root) {
  const ast = parseTs(source).program;
  const called = namesCalledAtLoad(root);
  const named = new Map();
  const callbacksAtLoad = new Set();
  walk(ast, (node, functions) => {
    if (node.type === "FunctionDeclaration" && node.id) named.set(node.id.name, node);
    if (node.type === "VariableDeclarator" && node.id.type === "Identifier" && node.init) {
      if (isFunction(node.init)) named.set(node.id.name, node.init);
    }
    if (functions.length === 0 && node.type === "CallExpression") {
      for (const arg of node.arguments) if (isFunction(arg)) callbacksAtLoad.add(arg);
    }
  });
  // What a load-time function calls runs at load too, and so do the callbacks it hands on.
  const atLoad = new Set();
  const queue = [
    ...callbacksAtLoad,
    ...[...called].flatMap((name) => (named.has(name) ? [named.get(name)] : [])),
  ];
  while (queue.length > 0) {
    const fn = queue.pop();
    if (atLoad.has(fn)) continue;
    atLoad.add(fn);
    walk(fn.body, (node) => {
      if (node.type !== "CallExpression") return;
      const callee = node.callee.type === "Identifier" ? named.get(node.callee.name) : undefined;
      if (callee !== undefined) queue.push(callee);
      for (const arg of node.arguments) if (isFunction(arg)) queue.push(arg);
    });
  }
  const bodies = [];
  walk(ast, (node) => {
    // From the first parameter: default values are computed at each call too.
    if (isFunction(node) && !atLoad.has(node)) {
      bodies.push([node.params[0]?.start ?? node.body.start, node.body.end]);
    }
  });
  return bodies;
}

/** The offset at which each line of `source` starts (index 0: the first line). */
export function lineStarts(source) {
  const starts = [0];
  for (const line of source.split("\n")) starts.push(starts.at(-1) + line.length + 1);
  return starts;
}

/**
 * The mutants of `file` that run while modules load, located as Stryker's report locates them
 * (line and column from 1), so the recheck applies them as it applies recorded ones. Found from
 * the syntax: a function reached only through a method or a property at load is missed.
 */
export async function staticMutants(file, source, root = "src") {
  const { mutants } = await new Instrumenter(logger).instrument(
    [{ name: file, content: source, mutate: true }],
    { plugins: null, excludedMutations: [], ignorers: [], noHeader: true },
  );
  const starts = lineStarts(source);
  const bodies = runtimeBodies(source, root);
  return mutants
    .map((m) => ({
      mutatorName: m.mutatorName,
      replacement: m.replacement,
      location: {
        start: { line: m.location.start.line + 1, column: m.location.start.column + 1 },
        end: { line: m.location.end.line + 1, column: m.location.end.column + 1 },
      },
      at: starts[m.location.start.line] + m.location.start.column,
    }))
    .filter((m) => !bodies.some(([start, end]) => m.at >= start && m.at < end));
}
