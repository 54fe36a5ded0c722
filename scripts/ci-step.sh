#!/usr/bin/env bash
# The step of the GitHub composite action (action.yml), runnable anywhere: the action's inputs
# arrive as INPUT_* variables (action.yml maps each one), the job's secrets as its environment.
# Installs the harness's runtime dependencies beside the action when they are not there yet, then
# runs `payment-conformance ci` (cli/ci-step.ts) from the working folder: the run, the HTML report,
# the certification pack, the step outputs and the job summary. Exit code: the run's own.
set -euo pipefail
harness="${GITHUB_ACTION_PATH:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}"
if [ ! -d "$harness/node_modules" ]; then
  npm ci --prefix "$harness" --omit=dev --no-audit --no-fund
fi
# Every option in its --name=value form: an empty input stays an (ignored) empty value, never the next
# option. env-file is --variables-file: Node 20 reads an --env-file=… anywhere in argv as its own.
exec node "$harness/cli/payment-conformance.mjs" ci \
  "--target-url=${INPUT_TARGET_URL:-}" \
  "--variables-file=${INPUT_ENV_FILE:-}" \
  "--strict=${INPUT_STRICT:-}" \
  "--shards=${INPUT_SHARDS:-}" \
  "--shard-index=${INPUT_SHARD_INDEX:-}" \
  "--merge-reports=${INPUT_MERGE_REPORTS:-}" \
  "--retries=${INPUT_RETRIES:-}" \
  "--fail-on=${INPUT_FAIL_ON:-}" \
  "--html-report=${INPUT_HTML_REPORT:-}" \
  "--certify=${INPUT_CERTIFY:-}" \
  "--args=${INPUT_ARGS:-}"
