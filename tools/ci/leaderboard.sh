#!/usr/bin/env bash
# Every step of the CI leaderboard (.github/workflows/leaderboard.yml) is one
# subcommand of this script, so the same code runs in CI and on a laptop.
# Run it from the project checkout. See README.md, "CI leaderboard".
set -uo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
source "$CI_DIR/lib/check.sh"
source "$CI_DIR/lib/plan.sh"
source "$CI_DIR/lib/benchmark.sh"
source "$CI_DIR/lib/publish.sh"
source "$CI_DIR/lib/comment.sh"
source "$CI_DIR/lib/pull_request.sh"
source "$CI_DIR/lib/accounts.sh"
source "$CI_DIR/lib/runner.sh"

usage() {
  cat <<'EOF'
usage: tools/ci/leaderboard.sh COMMAND [ARGS]   (COMMAND --help for its arguments)

  check         judge a pull request's added/changed submissions on the CPU backend
  plan          the benchmark matrix (device x problem) from tools/ci/devices.json
  take-pr       a pull request's changed submissions, as data, over this checkout
  pr-opener     the account that opened a pull request (from GitHub)
  accounts      each submission's account: the opener of the pull request that last changed it
  runner-guard  refuse a self-hosted runner that is not ephemeral
  benchmark     one shard: judge a problem's submissions on a device, with records
  publish       merge records into the leaderboard branch, rebuild and push the pages
  comment       post the check's result on its pull request (the comment workflow)

Environment: JUDGE (a built judge binary; default: bazel build //judge),
BAZEL_DISK_CACHE (Bazel's disk cache folder), LEADERBOARD_DEVICES (another
device table).
EOF
}

for tool in git jq; do
  command -v "$tool" >/dev/null || die "$tool is not installed (tools/setup.sh installs it)"
done
# In a job container the checkout belongs to another user; git refuses such a
# repository unless it is marked safe (the checkout action's mark is gone).
if [[ "${GITHUB_ACTIONS:-}" == true ]]; then
  git config --global --get-all safe.directory | grep -qxF "$PWD" || git config --global --add safe.directory "$PWD"
fi

command=${1:-}
shift || true
case "$command" in
  check) check_main "$@" ;;
  plan) plan_main "$@" ;;
  take-pr) take_pr_main "$@" ;;
  pr-opener) pr_opener_main "$@" ;;
  accounts) accounts_main "$@" ;;
  runner-guard) runner_guard_main "$@" ;;
  benchmark) benchmark_main "$@" ;;
  publish) publish_main "$@" ;;
  comment) comment_main "$@" ;;
  -h|--help|help) usage ;;
  "") usage >&2; exit 2 ;;
  *) usage >&2; die "unknown command '$command'" ;;
esac
