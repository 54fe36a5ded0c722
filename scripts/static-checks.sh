#!/usr/bin/env bash
# The static half of `npm test`: the type check and the format check. Each uses one core, so they run
# side by side (on a 2-core machine about 10 s of the suite's wall time); both always finish, so one
# run shows every problem, and the exit is non-zero when either fails.
set -u
cd "$(dirname "$0")/.."
npx tsc --noEmit &
types=$!
npm run --silent format:check
format=$?
wait "$types"
types=$?
[ "$types" -eq 0 ] && [ "$format" -eq 0 ]
