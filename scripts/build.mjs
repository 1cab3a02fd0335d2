// Bundles the three entries into dist/ (committed; CI checks it matches a fresh build).
import { chmod, mkdir, rm } from "node:fs/promises";
import { build } from "esbuild";

// @actions/core and friends are CommonJS inside; an ESM bundle needs `require` defined.
const requireBanner = [
  'import { createRequire as __ralphCreateRequire } from "node:module";',
  "const require = __ralphCreateRequire(import.meta.url);",
].join("\n");

const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  legalComments: "none",
  logLevel: "warning",
  sourcemap: false,
  minify: false,
};

await rm("dist", { recursive: true, force: true });
await mkdir("dist", { recursive: true });

await Promise.all([
  // Runs in Actions runners with no node_modules: everything bundled.
  build({
    ...common,
    entryPoints: ["src/action/index.ts"],
    outfile: "dist/action.js",
    banner: { js: requireBanner },
  }),
  // Loaded by `probot run`, which brings probot itself.
  build({
    ...common,
    entryPoints: ["src/app/index.ts"],
    outfile: "dist/app.js",
    banner: { js: requireBanner },
    external: ["probot"],
  }),
  build({
    ...common,
    entryPoints: ["src/cli/index.ts"],
    outfile: "dist/cli.js",
    banner: { js: `#!/usr/bin/env node\n${requireBanner}` },
  }),
]);
await chmod("dist/cli.js", 0o755);
