#!/bin/bash
# The CI leaderboard pipeline end to end, offline, with the real judge:
#   check      a pull request that adds a submission and edits a fixture
#              judges only the submission; wrong and header-less submissions
#              fail the check with their reasons;
#   benchmark  the CPU backend, records labelled cpu-emulated; a second run
#              skips what the leaderboard branch already holds;
#   publish    into a local bare repository standing in for the leaderboard
#              branch: records accumulate, publishing the same records again
#              changes nothing, a push that loses a race is retried;
#   pages      every file `judge leaderboard --list-outputs` names is built
#              and committed.
# Everything runs through tools/ci/leaderboard.sh, as the workflow does.
set -u

RUNFILES="${TEST_SRCDIR}/judge"
CI="${RUNFILES}/tools/ci/leaderboard.sh"
export JUDGE="${RUNFILES}/judge/judge"
export LEADERBOARD_DEVICES="${RUNFILES}/tools/ci/testdata/devices_cpu.json"
export LEADERBOARD_RETRY_DELAY=0
export LEADERBOARD_GIT_NAME="pipeline test" LEADERBOARD_GIT_EMAIL="pipeline-test@example.invalid"
unset GITHUB_ACTIONS GITHUB_STEP_SUMMARY GITHUB_OUTPUT
SLUG=conv2d-groupnorm-scale-maxpool-clamp  # the cheapest problem to judge
WORK="${TEST_TMPDIR}/pipeline"
REMOTE="${WORK}/leaderboard.git"
PROJECT="${WORK}/project"
rm -rf "${WORK}"
mkdir -p "${WORK}"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# step NAME EXPECTED_EXIT ARGS...: runs leaderboard.sh ARGS in the project,
# output in ${WORK}/NAME.log, and checks the exit status.
step() {
  local name=$1 expected=$2; shift 2
  echo "--- leaderboard.sh $*"
  (cd "${PROJECT}" && "${CI}" "$@") >"${WORK}/${name}.log" 2>&1
  local status=$?
  [[ ${status} == "${expected}" ]] || { fail "${name}: exit ${status}, expected ${expected}"; tail -n 30 "${WORK}/${name}.log"; }
}
expect_in() {  # expect_in FILE TEXT
  grep -qF -- "$2" "$1" || fail "'$2' not in $1: $(head -c 3000 "$1")"
}
expect_not_in() {
  ! grep -qF -- "$2" "$1" || fail "'$2' unexpectedly in $1"
}
count_json() { find "$1" -name '*.json' -type f 2>/dev/null | wc -l; }
git_project() { git -C "${PROJECT}" -c user.name=dev -c user.email=dev@example.invalid "$@"; }

# add_submission FROM NAME AUTHOR: a new file in solutions/$SLUG/ from FROM,
# with the header a submission carries (no header when AUTHOR is empty).
add_submission() {
  local target="${PROJECT}/solutions/${SLUG}/$2"
  { [[ -z "$3" ]] || printf '// author: %s\n// title: %s\n' "$3" "$2 from the pipeline test"
    grep -v -e '^// author:' -e '^// title:' "${PROJECT}/solutions/${SLUG}/$1"; } >"${target}"
}

# The project: a throw-away repository with the bundled solutions, whose
# origin is a bare repository that will hold the leaderboard branch.
mkdir -p "${PROJECT}"
cp -rL "${RUNFILES}/solutions" "${PROJECT}/"
chmod -R u+w "${PROJECT}"
# Only the baseline and the fixtures of the problem under test: the counts below
# must not depend on which submissions the repository has gathered.
for file in "${PROJECT}/solutions/${SLUG}"/*.cu; do
  name=$(basename "${file}")
  [[ "${name}" == default.cu ]] || grep -q "^${name}:" "${PROJECT}/solutions/${SLUG}/expected.yaml" || rm "${file}"
done
git init -q -b main "${PROJECT}"
git init -q --bare "${REMOTE}"
git_project remote add origin "${REMOTE}"
git_project add -A && git_project commit -qm "bundled solutions"
base=$(git_project rev-parse HEAD)

# --- check ---------------------------------------------------------------
# A pull request that changes no submission.
git_project checkout -q -b docs-only
echo "# notes" >"${PROJECT}/NOTES.md"
git_project add -A && git_project commit -qm "notes"
step check_none 0 check --base main --out "${WORK}/check-none"
expect_in "${WORK}/check-none/summary.md" "No submission added or changed"

# A pull request that adds a submission and edits a known-wrong fixture: only
# the submission is judged.
git_project checkout -q -b fast main
add_submission default.cu fast.cu "Pipeline Tester"
echo "// an edit to a fixture" >>"${PROJECT}/solutions/${SLUG}/wrong_constant_output.cu"
git_project add -A && git_project commit -qm "a submission"
step check_ok 0 check --base main --pr 7 --out "${WORK}/check-ok"
summary="${WORK}/check-ok/summary.md"
expect_in "${summary}" "<!-- leaderboard-check -->"
expect_in "${summary}" "Judged 1 added or changed submission(s)"
expect_in "${summary}" "| \`solutions/${SLUG}/fast.cu\` | ACCEPTED |"
expect_not_in "${summary}" "wrong_constant_output.cu"
[[ "$(cat "${WORK}/check-ok/comment/pr")" == 7 ]] || fail "check: comment/pr is not 7"
[[ "$(cat "${WORK}/check-ok/comment/head_sha")" == "$(git_project rev-parse fast)" ]] || fail "check: comment/head_sha is not the checked commit"
cmp -s "${summary}" "${WORK}/check-ok/comment/body.md" || fail "check: the comment body differs from the summary"
[[ $(count_json "${WORK}/check-ok/records") == 1 ]] || fail "check: expected 1 record, found $(count_json "${WORK}/check-ok/records")"

# A pull request with a wrong submission and one without its header.
git_project checkout -q -b bad main
add_submission wrong_constant_output.cu constant.cu "Careless Coder"
add_submission default.cu anonymous.cu ""
git_project add -A && git_project commit -qm "two bad submissions"
step check_bad 1 check --base main --out "${WORK}/check-bad"
summary="${WORK}/check-bad/summary.md"
expect_in "${summary}" "**0 accepted, 2 not.**"
expect_in "${summary}" "| \`solutions/${SLUG}/constant.cu\` | WRONG_ANSWER |"
expect_in "${summary}" "solutions/${SLUG}/anonymous.cu\` | REJECTED |"
expect_in "${summary}" "author"

# --- benchmark, publish --------------------------------------------------
# The submission is merged; main's shard for the problem judges every
# submission of it (the baseline and the new one), on the CPU backend.
git_project checkout -q main
git_project merge -q --ff-only fast
step bench_1 0 benchmark --device cpu --problem "${SLUG}" --out "${WORK}/bench-1"
records_1="${WORK}/bench-1/records"
[[ $(count_json "${records_1}/cpu") == 2 ]] || fail "benchmark: expected 2 records, found $(count_json "${records_1}/cpu")"
for record in "${records_1}"/cpu/*.json; do
  [[ "$(jq -r .timing "${record}")" == cpu-emulated ]] || fail "benchmark: ${record} is not labelled cpu-emulated"
done
expect_in "${WORK}/bench-1/summary.md" "2 judged, 0 skipped"

step publish_1 0 publish --records "${records_1}" --site "${WORK}/site-1"
head_1=$(git -C "${REMOTE}" rev-parse leaderboard 2>/dev/null)
[[ -n "${head_1}" ]] || fail "publish: no leaderboard branch in the bare repository"
[[ $(git -C "${REMOTE}" ls-tree -r --name-only leaderboard records | grep -c '\.json$') == 2 ]] ||
  fail "publish: expected 2 records on the branch: $(git -C "${REMOTE}" ls-tree -r --name-only leaderboard)"
mapfile -t pages < <("${JUDGE}" leaderboard --list-outputs)
[[ ${#pages[@]} -ge 3 ]] || fail "judge leaderboard --list-outputs named ${#pages[@]} file(s): ${pages[*]}"
for page in "${pages[@]}"; do
  [[ -s "${WORK}/site-1/${page}" ]] || fail "publish: no ${page} in the site folder"
  git -C "${REMOTE}" cat-file -e "leaderboard:${page}" || fail "publish: ${page} is not committed"
done
expect_in "${WORK}/site-1/leaderboard.md" "Pipeline Tester"

# A second shard run skips what the branch holds (same solution hash, device
# and judge version); a second publish of the same records changes nothing.
git clone -q --branch leaderboard "${REMOTE}" "${WORK}/known"
step bench_2 0 benchmark --device cpu --problem "${SLUG}" --known "${WORK}/known/records" --out "${WORK}/bench-2"
expect_in "${WORK}/bench-2/summary.md" "0 judged, 2 skipped"
[[ $(count_json "${WORK}/bench-2/records") == 0 ]] || fail "benchmark: a skipped submission was recorded"
step publish_2 0 publish --records "${records_1}" --site "${WORK}/site-2"
[[ "$(git -C "${REMOTE}" rev-parse leaderboard)" == "${head_1}" ]] || fail "publish: the same records made a new commit"
expect_in "${WORK}/publish_2.log" "up to date"

# A new submission on main: only it is judged. Its publish loses a race (the
# repository's pre-receive hook lets another publisher push first) and is
# retried on top of the other's commit.
add_submission default.cu second.cu "Second Author"
git_project add -A && git_project commit -qm "another submission"
step bench_3 0 benchmark --device cpu --problem "${SLUG}" --known "${WORK}/known/records" --out "${WORK}/bench-3"
expect_in "${WORK}/bench-3/summary.md" "1 judged, 2 skipped"
cat >"${REMOTE}/hooks/pre-receive" <<HOOK
#!/bin/bash
# Once: another publisher's push lands while this one is being received.
[[ -e "${WORK}/raced" ]] && exit 0
touch "${WORK}/raced"
env -i PATH="\${PATH}" HOME="${WORK}" bash -c '
  set -e
  git clone -q --branch leaderboard "${REMOTE}" "${WORK}/competitor"
  cd "${WORK}/competitor"
  echo "another publisher" >competitor.txt
  git add competitor.txt
  git -c user.name=other -c user.email=other@example.invalid commit -qm "another publish"
  git push -q origin HEAD:leaderboard' >&2
HOOK
chmod +x "${REMOTE}/hooks/pre-receive"
step publish_3 0 publish --records "${WORK}/bench-3/records" --site "${WORK}/site-3"
[[ -e "${WORK}/raced" ]] || fail "publish: the race hook never ran"
expect_in "${WORK}/publish_3.log" "push rejected"
git -C "${REMOTE}" cat-file -e leaderboard:competitor.txt || fail "publish: the other publisher's commit was lost"
[[ $(git -C "${REMOTE}" ls-tree -r --name-only leaderboard records | grep -c '\.json$') == 3 ]] ||
  fail "publish: expected 3 records after the third publish: $(git -C "${REMOTE}" ls-tree -r --name-only leaderboard)"
git -C "${REMOTE}" merge-base --is-ancestor "${head_1}" leaderboard || fail "publish: history was rewritten"
expect_in "${WORK}/site-3/leaderboard.md" "Second Author"
expect_in "${WORK}/site-3/leaderboard.md" "Pipeline Tester"
git -C "${REMOTE}" show leaderboard:leaderboard.md | grep -qF "Second Author" || fail "publish: the committed leaderboard.md is stale"

# A self-hosted device refuses a judge without a sandbox: a stand-in judge
# whose judging command has no --no-sandbox flag, and a table with such a device.
cat >"${WORK}/unsandboxed_judge" <<'STUB'
#!/bin/bash
# A judge without a sandbox, as far as its help says; judging anything fails.
if [[ " $* " == *" --help "* ]]; then echo "usage: judge --problem <slug> [--benchmark] [--record DIR]"; exit 0; fi
echo "unsandboxed_judge: must not be asked to judge: $*" >&2; exit 99
STUB
chmod +x "${WORK}/unsandboxed_judge"
jq '.devices += [{name: "gpu", runs_on: ["self-hosted", "gpu"], container: "", self_hosted: true,
                  timeout_minutes: 30, judge_args: ["--backend", "cuda", "--benchmark"]}]' \
  "${LEADERBOARD_DEVICES}" >"${WORK}/devices_gpu.json"
JUDGE="${WORK}/unsandboxed_judge" LEADERBOARD_DEVICES="${WORK}/devices_gpu.json" \
  step unsandboxed 2 benchmark --device gpu --problem "${SLUG}" --out "${WORK}/bench-gpu"
expect_in "${WORK}/unsandboxed.log" "this judge has no sandbox"
expect_not_in "${WORK}/unsandboxed.log" "must not be asked to judge"

# Usage errors name the problem.
step bad_device 2 benchmark --device h100 --problem "${SLUG}"
expect_in "${WORK}/bad_device.log" "unknown device 'h100' (known: cpu)"
step no_base 2 check
expect_in "${WORK}/no_base.log" "--base is required"

if ((failures)); then echo "${failures} failure(s)"; exit 1; fi
echo "ok: check, benchmark (with skips), three publishes (one raced) and the pages"
