#!/usr/bin/env bash
# `npm test`, the CI command: the static checks (scripts/static-checks.sh: tsc --noEmit and the
# format check) and the unit, sandbox and cli tiers. The static checks run beside the tiers at the
# lowest priority: they take only the moments a core would idle (a tier's last file ending, a test
# waiting on a child process) rather than 18 s before the first test: with them beside, a whole run
# here left under 2 s of a core idle. Their output is shown at the end; the exit is non-zero when
# either fails.
set -u
cd "$(dirname "$0")/.."
static_out=$(mktemp)
trap 'rm -f "$static_out"' EXIT
nice -n 19 bash scripts/static-checks.sh >"$static_out" 2>&1 &
static=$!
npx vitest run --project unit --project sandbox --project cli "$@"
tiers=$?
wait "$static"
static=$?
echo "static checks (tsc --noEmit, format):"
cat "$static_out"
[ "$static" -eq 0 ] && echo "  passed"
[ "$tiers" -eq 0 ] && [ "$static" -eq 0 ]
