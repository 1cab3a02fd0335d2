#!/usr/bin/env bash
# Dev helper: bundle a TypeScript file with esbuild and run it on Node 20 (no strip-types there).
set -euo pipefail
mkdir -p node_modules/.cache; out=$(mktemp -p node_modules/.cache --suffix=.mjs)
npx --no-install esbuild "$1" --bundle --platform=node --format=esm --packages=external --log-level=warning --outfile="$out"
shift
node "$out" "$@"
