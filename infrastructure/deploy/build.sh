#!/usr/bin/env bash
# The Dockerfile's build stage as a script, so it can be checked where no container engine
# exists: run from a copy of the repository root, it must leave dist/interfaces/cli/main.js.
set -euo pipefail
npm ci --no-audit --no-fund
npx tsc -p .
npm prune --omit=dev
test -f dist/interfaces/cli/main.js
