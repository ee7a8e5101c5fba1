#!/usr/bin/env bash
# `npm test`: every suite, in order. Type-check, contract (Hardhat mocha), unit + integration (vitest, real
# node and SQLite; `npm run test:pg` runs the same suites on PostgreSQL), then end to end (vitest + playwright-core driving Debian's Chromium against the built apps).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
echo "== type-check (root, web, admin)"
npm run --silent typecheck
echo "== lint (Biome: format and rules) and import circles (dependency-cruiser)"
npm run --silent lint
echo "== compile contracts"
npx hardhat compile --quiet
echo "== build apps (when missing or older than their sources)"
npx tsx scripts/build-if-needed.ts
echo "== contract tests (hardhat)"
npx hardhat test
bash scripts/ensure-chromium.sh
echo "== unit and integration tests (vitest)"
npx vitest run
npx vitest run --config admin/vitest.config.mts
echo "== end-to-end tests (Chromium)"
npx vitest run --config e2e/vitest.config.mts
echo "== all suites passed in $(( $(date +%s) - start )) s"
