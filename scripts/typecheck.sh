#!/usr/bin/env bash
# `npm run typecheck`: the five TypeScript projects, in two lanes, one a core. One after another they
# took 70 s here (contract 6, server 18, console 16, e2e 16, bench 14), each a single-threaded tsc.
# Every lane runs to its end, so one run reports every project's errors.
set -uo pipefail
cd "$(dirname "$0")/.."

(tsc -p packages/contract; a=$?; tsc -p apps/server; b=$?; tsc -p e2e; c=$?; exit $((a || b || c))) &
first=$!
(tsc -p apps/console; a=$?; tsc -p bench; b=$?; exit $((a || b))) &
second=$!
status=0
wait "$first" || status=1
wait "$second" || status=1
exit $status
