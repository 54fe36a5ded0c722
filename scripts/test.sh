#!/usr/bin/env bash
# `npm test`, the CI command: the static checks (scripts/static-checks.sh: tsc --noEmit and the
# format check) and the unit, sandbox and cli tiers. The static checks run beside the tiers at the
# lowest priority: they take only the moments a core would idle (a tier's last file ending, a test
# waiting on a child process) rather than 18 s before the first test: with them beside, a whole run
# here left under 2 s of a core idle. Their output is shown at the end; the exit is non-zero when
# either fails.
set -u
cd "$(dirname "$0")/.."
# Every node process of the suite is short and CPU-bound, and V8's optimizing compiler, tuned for
# long-lived programs, spent more on compiling functions than they ran faster: a function is
# optimized only after eight times V8's default budget of work (67,584): about a tenth less CPU
# for a conformance run the tests start, a sixth for the format and type checks (CONTRIBUTING.md).
# Read by vitest.config.ts (the tiers' workers), tests/support/cli.ts (the commands the tests
# start) and scripts/static-checks.sh; a flag of V8's tiering only, so nothing a test judges changes.
export HARNESS_TEST_NODE_FLAGS="--interrupt-budget=540672"
static_out=$(mktemp)
trap 'rm -f "$static_out"' EXIT
nice -n 19 bash scripts/static-checks.sh >"$static_out" 2>&1 &
static=$!
node $HARNESS_TEST_NODE_FLAGS node_modules/vitest/vitest.mjs run --project unit --project sandbox --project cli "$@"
tiers=$?
wait "$static"
static=$?
echo "static checks (tsc --noEmit, format):"
cat "$static_out"
[ "$static" -eq 0 ] && echo "  passed"
[ "$tiers" -eq 0 ] && [ "$static" -eq 0 ]
