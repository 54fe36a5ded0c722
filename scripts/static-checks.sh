#!/usr/bin/env bash
# The static half of `npm test`: the type check and the format check. Each uses one core, so they run
# side by side (on a 2-core machine about 10 s of the suite's wall time); both always finish, so one
# run shows every problem, and the exit is non-zero when either fails.
set -u
cd "$(dirname "$0")/.."
# With V8's tiering for short processes when npm test sets it (scripts/test.sh); the format check
# is npm run format:check's, with node's flags.
node ${HARNESS_TEST_NODE_FLAGS:-} node_modules/typescript/bin/tsc --noEmit &
types=$!
node ${HARNESS_TEST_NODE_FLAGS:-} node_modules/prettier/bin/prettier.cjs --check "**/*.{ts,mts,mjs}"
format=$?
wait "$types"
types=$?
[ "$types" -eq 0 ] && [ "$format" -eq 0 ]
