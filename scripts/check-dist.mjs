// Whether dist/ holds what `npm run build` would write, without writing anything: .ci/run checks
// it while the tests run, and some tests read dist/, which a rebuild in place would delete and
// write again under them. Exits 1 naming each file that differs, is missing or is left over.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { buildOptions, entryOptions, ROOT } from "./build-options.mjs";

const DIST = join(ROOT, "dist");
let building = null;

/** What a build writes: dist/-relative path → contents (built once per process). */
export function builtFiles() {
  building ??= Promise.all(
    Object.keys(entryOptions).map((entry) => build({ ...buildOptions(entry), write: false })),
  ).then(
    (results) =>
      new Map(
        results
          .flatMap((r) => r.outputFiles)
          .map((file) => [relative(DIST, file.path), Buffer.from(file.contents)]),
      ),
  );
  return building;
}

/** How `dir` (dist/ or a copy of it) differs from a fresh build; empty when it does not. */
export async function distProblems(dir = DIST) {
  const built = await builtFiles();
  const present = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath ?? e.path, e.name)));
  const problems = [];
  for (const [path, contents] of built) {
    if (!present.includes(path)) problems.push(`dist/${path}: missing`);
    else if (!contents.equals(readFileSync(join(dir, path))))
      problems.push(`dist/${path}: differs`);
  }
  for (const path of present) {
    if (!built.has(path)) problems.push(`dist/${path}: not built from src/`);
  }
  // scripts/build.mjs makes the CLI executable: it is the package's bin.
  if (present.includes("cli.js") && (statSync(join(dir, "cli.js")).mode & 0o111) === 0) {
    problems.push("dist/cli.js: not executable");
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = await distProblems();
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    console.error("dist/ does not match a fresh build: run 'npm run build' and commit dist/.");
    process.exit(1);
  }
  const { size } = await builtFiles();
  console.log(`dist/ matches a fresh build (${size} files)`);
}
