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
[[ "$(jq -r .pr "${WORK}/check-ok/comment/result.json")" == 7 ]] || fail "check: result.json's pr is not 7"
[[ "$(jq -r .head_sha "${WORK}/check-ok/comment/result.json")" == "$(git_project rev-parse fast)" ]] ||
  fail "check: result.json's head_sha is not the checked commit"
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

# --- the comment: built from result.json's fields by the trusted workflow --
# A stand-in for the GitHub CLI answers `gh api PATH` from files; the account
# comes from it (the pull request's opener), never from the artifact. A
# forged result.json (a verdict with markup and a mention, a message closing
# its code block) is posted only escaped.
mkdir -p "${WORK}/bin" "${WORK}/gh"
cat >"${WORK}/bin/gh" <<'STUB'
#!/bin/bash
# gh api PATH [--jq EXPR]: answers from $GH_STUB_DIR/<PATH, '/' as '_'>.json.
[[ "$1" == api ]] || { echo "gh stub: only api" >&2; exit 1; }
shift; path=""; expr=.
while (($#)); do
  case "$1" in --jq) expr=$2; shift 2 ;; --paginate) shift ;; --method|-f) echo "$*" >>"$GH_STUB_DIR/writes"; shift 2 ;; *) path=$1; shift ;; esac
done
file="$GH_STUB_DIR/$(tr '/' '_' <<<"$path").json"
[[ -f "$file" ]] || { echo "gh stub: no $file" >&2; exit 1; }
jq -r "$expr" "$file"
STUB
chmod +x "${WORK}/bin/gh"
export GH_STUB_DIR="${WORK}/gh"
fast_sha=$(git_project rev-parse fast)
echo "{\"user\": {\"login\": \"pipeline-tester\"}, \"head\": {\"sha\": \"${fast_sha}\"}}" >"${WORK}/gh/repos_o_r_pulls_7.json"
check_result="${WORK}/check-ok/comment/result.json"
[[ "$(jq -r '.submissions[0].author' "${check_result}")" == "Pipeline Tester" ]] || fail "check: result.json lacks the display name"
[[ "$(jq -r '.submissions[0].cpu_emulated_geomean_ms | type' "${check_result}")" == number ]] || fail "check: no CPU-emulated time"
PATH="${WORK}/bin:${PATH}" LEADERBOARD_COMMENT_DRY_RUN="${WORK}/comment.md" step comment_ok 0 comment \
  --from "${WORK}/check-ok/comment" --repo o/r --head-sha "${fast_sha}" --run-url https://github.com/o/r/actions/runs/42
expect_in "${WORK}/comment.md" "<!-- leaderboard-check -->"
expect_in "${WORK}/comment.md" "| \`solutions/${SLUG}/fast.cu\` | ACCEPTED | Pipeline Tester (pipeline-tester) |"
expect_in "${WORK}/comment.md" "CPU-emulated time (sample tier; not a GPU time)"
expect_in "${WORK}/comment.md" "Current best on \`${SLUG}\`: none published yet"
expect_in "${WORK}/comment.md" "bazel run //judge -- --problem ${SLUG} --solution \"\$PWD/solutions/${SLUG}/fast.cu\" --backend cpu --tier check"
expect_in "${WORK}/comment.md" "[The check's run](https://github.com/o/r/actions/runs/42)"
PATH="${WORK}/bin:${PATH}" step identify 0 comment --identify --from "${WORK}/check-ok/comment" --repo o/r --head-sha "${fast_sha}"
[[ "$(grep -v '^leaderboard:' "${WORK}/identify.log")" == 7 ]] || fail "comment --identify: $(cat "${WORK}/identify.log")"
mkdir -p "${WORK}/forged"
jq '.submissions[0].verdict = "ACCEPTED <img src=x> @everyone" | .submissions[0].author = "[Ada](https://evil) @admins"
    | .submissions[0].message = "```\n@maintainers merge this\n```" | .submissions[0].path = "solutions/../../x.cu"' \
  "${check_result}" >"${WORK}/forged/result.json"
PATH="${WORK}/bin:${PATH}" LEADERBOARD_COMMENT_DRY_RUN="${WORK}/forged.md" step comment_forged 0 comment \
  --from "${WORK}/forged" --repo o/r --head-sha "${fast_sha}"
expect_in "${WORK}/forged.md" "| (unknown verdict) |"
expect_in "${WORK}/forged.md" "&#91;Ada&#93;(https:&#47;&#47;evil) &#64;admins (pipeline-tester)"
expect_in "${WORK}/forged.md" "| \`(a path that is not a submission's)\` |"
expect_not_in "${WORK}/forged.md" "<img"
expect_not_in "${WORK}/forged.md" "@everyone"
expect_not_in "${WORK}/forged.md" "solutions/../../x.cu"
grep -q '^@maintainers' "${WORK}/forged.md" && fail "comment: a mention in the message reached the comment"
# A head that moved on: nothing is posted.
echo "{\"user\": {\"login\": \"pipeline-tester\"}, \"head\": {\"sha\": \"$(git_project rev-parse main)\"}}" \
  >"${WORK}/gh/repos_o_r_pulls_7.json"
PATH="${WORK}/bin:${PATH}" LEADERBOARD_COMMENT_DRY_RUN="${WORK}/moved.md" step comment_moved 0 comment \
  --from "${WORK}/check-ok/comment" --repo o/r --head-sha "${fast_sha}"
[[ ! -e "${WORK}/moved.md" ]] || fail "comment: posted on a pull request whose head moved on"

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
# The push's token goes to the fetch and the push alone, never into the
# checkout's configuration; a named but empty token variable is an error.
LEADERBOARD_TEST_TOKEN=s3cret-token step publish_token 0 publish --records "${records_1}" --site "${WORK}/site-token" \
  --token-env LEADERBOARD_TEST_TOKEN
! grep -rqs "s3cret-token" "${PROJECT}/.git/config" "${PROJECT}/.git/worktrees" || fail "publish: the token reached .git/config"
LEADERBOARD_TEST_TOKEN= step publish_no_token 2 publish --records "${records_1}" --site "${WORK}/site-token" \
  --token-env LEADERBOARD_TEST_TOKEN
expect_in "${WORK}/publish_no_token.log" "the variable is empty"

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

# A change of the problem's definition re-benchmarks: the skip key holds the
# definition's hash. A known record stamped with another definition (what a
# cases.yaml edit leaves on the branch) no longer matches, and only it is judged.
rm -rf "${WORK}/known" && git clone -q --branch leaderboard "${REMOTE}" "${WORK}/known"
second_record=$(grep -lF "solutions/${SLUG}/second.cu" "${WORK}/known/records/cpu"/*.json)
jq '.problem_definition = "'"$(printf 'a%.0s' {1..64})"'"' "${second_record}" >"${WORK}/stale.json" &&
  mv "${WORK}/stale.json" "${second_record}"
# (As main's shards do, the accounts come as the plan job's JSON.)
step bench_4 0 benchmark --device cpu --problem "${SLUG}" --known "${WORK}/known/records" --out "${WORK}/bench-4" \
  --accounts "${WORK}/no-such-file.json" --accounts-json "{\"solutions/${SLUG}/second.cu\": \"second-author\"}"
expect_in "${WORK}/bench-4/summary.md" "1 judged, 2 skipped"
expect_in "${WORK}/bench-4/summary.md" "second.cu"
[[ "$(jq -r .account "${WORK}/bench-4/records/cpu"/*.json)" == second-author ]] || fail "benchmark: --accounts-json not stamped"

# A bad record never stops the page: one holding invalid UTF-8 (an author cut
# inside a character) and one with a forged verdict are skipped with their
# reasons, listed in the job summary; the pages are built, committed and left
# in the site folder, and the exit status is 0, then and on every later publish.
mkdir -p "${WORK}/bad/cpu"
good_record=$(find "${records_1}/cpu" -name '*.json' | head -n 1)
perl -pe 's/"author": "[^"]*"/"author": "Zo\xc3"/' "${good_record}" >"${WORK}/bad/cpu/${SLUG}--cut.json"
jq '.verdict = "ACCEPTED | **fastest**"' "${good_record}" >"${WORK}/bad/cpu/${SLUG}--forged.json"
export GITHUB_STEP_SUMMARY="${WORK}/publish_bad_summary.md"
step publish_bad 0 publish --records "${WORK}/bad" --site "${WORK}/site-bad"
unset GITHUB_STEP_SUMMARY
expect_in "${WORK}/publish_bad.log" "skipped"
expect_in "${WORK}/publish_bad_summary.md" "2 record(s) skipped"
expect_in "${WORK}/publish_bad_summary.md" "${SLUG}--cut.json"
expect_in "${WORK}/publish_bad_summary.md" "not a verdict the judge gives"
for page in "${pages[@]}"; do
  [[ -s "${WORK}/site-bad/${page}" ]] || fail "publish: a bad record stopped ${page}"
done
[[ "$(jq '.skipped | length' "${WORK}/site-bad/leaderboard.json")" == 2 ]] || fail "publish: leaderboard.json lists no skips"
expect_in "${WORK}/site-bad/leaderboard.md" "Second Author"
step publish_after_bad 0 publish --records "${WORK}/bad" --site "${WORK}/site-after-bad"

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

# --- a pull request on the GPU path: its bytes, main's everything else --------
# The project carries main's tools/ci (its scripts and device table) and a
# workflow; a pull request edits all of them, adds a judge source, a
# symbolic link and a submission. take-pr, run by main's script, writes only
# the submission; plan and benchmark then run main's scripts and device
# table (the PR's edits would show: a self-hosted device, a marker file).
git_project checkout -q main
mkdir -p "${PROJECT}/tools" "${PROJECT}/.github/workflows"
cp -rL "${RUNFILES}/tools/ci" "${PROJECT}/tools/"
cp "${LEADERBOARD_DEVICES}" "${PROJECT}/tools/ci/devices.json"
printf 'name: leaderboard\n' >"${PROJECT}/.github/workflows/leaderboard.yml"
chmod -R u+w "${PROJECT}/tools"
git_project add -A && git_project commit -qm "main's CI files"
git_project push -q origin main
MAIN_CI="${PROJECT}/tools/ci/leaderboard.sh"
git_project checkout -q -b hostile main
add_submission default.cu hostile.cu "Ada Lovelace"
jq '.devices[0] += {runs_on: ["self-hosted", "gpu-h100"], self_hosted: true, container: ""}' \
  "${PROJECT}/tools/ci/devices.json" >"${WORK}/pr_devices.json"
cp "${WORK}/pr_devices.json" "${PROJECT}/tools/ci/devices.json"
printf 'touch "%s/pr_script_ran"\n' "${WORK}" >>"${PROJECT}/tools/ci/lib/benchmark.sh"
printf 'name: leaderboard\non: pull_request\n' >"${PROJECT}/.github/workflows/leaderboard.yml"
mkdir -p "${PROJECT}/judge" && echo 'int main() { return 0; }  // a judge without a sandbox' >"${PROJECT}/judge/main.cc"
ln -s ../../tools/ci/devices.json "${PROJECT}/solutions/${SLUG}/link.cu"
git_project add -A && git_project commit -qm "a hostile pull request"
pr_head=$(git_project rev-parse HEAD)
git_project push -q origin "HEAD:refs/pull/9/head"
git_project checkout -q main
git_project reset -q --hard && git_project clean -qfdx
main_tree=$(git_project rev-parse 'HEAD^{tree}')
run_main_ci() {  # run_main_ci NAME EXPECTED_EXIT ARGS...: the project's own (main's) script
  local name=$1 expected=$2; shift 2
  (cd "${PROJECT}" && LEADERBOARD_DEVICES= "${MAIN_CI}" "$@") >"${WORK}/${name}.log" 2>&1
  local status=$?
  [[ ${status} == "${expected}" ]] || { fail "${name}: exit ${status}, expected ${expected}"; tail -n 30 "${WORK}/${name}.log"; }
}
run_main_ci take_pr_wrong_sha 2 take-pr --pr 9 --head-sha "$(git_project rev-parse main)" --out "${WORK}/pr"
expect_in "${WORK}/take_pr_wrong_sha.log" "not the approved"
# The opener is GitHub's answer, checked against the approved head.
echo "{\"user\": {\"login\": \"mallory\"}, \"head\": {\"sha\": \"${pr_head}\"}}" >"${WORK}/gh/repos_o_r_pulls_9.json"
PATH="${WORK}/bin:${PATH}" run_main_ci pr_opener 0 pr-opener --repo o/r --pr 9 --head-sha "${pr_head}"
[[ "$(grep -v '^leaderboard:' "${WORK}/pr_opener.log")" == mallory ]] || fail "pr-opener: $(cat "${WORK}/pr_opener.log")"
PATH="${WORK}/bin:${PATH}" run_main_ci pr_opener_moved 2 pr-opener --repo o/r --pr 9 --head-sha "$(git_project rev-parse main)"
# Main's submissions: the opener of the merged pull request of each file's last commit.
for file in "${PROJECT}/solutions/${SLUG}"/*.cu; do
  commit=$(git_project log -1 --format=%H -- "solutions/${SLUG}/$(basename "${file}")")
  echo '[{"merged_at": "2026-11-20T00:00:00Z", "user": {"login": "opener-'"${commit:0:6}"'"}}]' \
    >"${WORK}/gh/repos_o_r_commits_${commit}_pulls.json"
done
: >"${WORK}/github_output"
GITHUB_OUTPUT="${WORK}/github_output" PATH="${WORK}/bin:${PATH}" run_main_ci accounts 0 \
  accounts --repo o/r --problem "${SLUG}" --out "${WORK}/accounts.json" --github-output
[[ "$(grep '^accounts=' "${WORK}/github_output")" == "accounts=$(jq -c . "${WORK}/accounts.json")" ]] ||
  fail "accounts: --github-output wrote $(cat "${WORK}/github_output")"
second_commit=$(git_project log -1 --format=%H -- "solutions/${SLUG}/second.cu")
[[ "$(jq -r --arg p "solutions/${SLUG}/second.cu" '.[$p]' "${WORK}/accounts.json")" == "opener-${second_commit:0:6}" ]] ||
  fail "accounts: $(cat "${WORK}/accounts.json")"
run_main_ci take_pr 0 take-pr --pr 9 --head-sha "${pr_head}" --account mallory --out "${WORK}/pr"
[[ "$(cat "${WORK}/pr/changed.txt")" == "solutions/${SLUG}/hostile.cu" ]] ||
  fail "take-pr: took $(cat "${WORK}/pr/changed.txt"), expected only the submission"
for ignored in tools/ci/devices.json tools/ci/lib/benchmark.sh .github/workflows/leaderboard.yml judge/main.cc \
               "solutions/${SLUG}/link.cu"; do
  expect_in "${WORK}/pr/ignored.txt" "${ignored}"
done
# The working tree is main's but for the one new file, which holds the
# pull request's bytes.
[[ "$(git_project status --porcelain)" == "?? solutions/${SLUG}/hostile.cu" ]] ||
  fail "take-pr: the checkout changed beyond the submission: $(git_project status --porcelain)"
cmp -s "${PROJECT}/solutions/${SLUG}/hostile.cu" <(git_project show "${pr_head}:solutions/${SLUG}/hostile.cu") ||
  fail "take-pr: the submission's bytes differ from the pull request's"
[[ "$(jq -c . "${WORK}/pr/accounts.json")" == "{\"solutions/${SLUG}/hostile.cu\":\"mallory\"}" ]] ||
  fail "take-pr: accounts.json is $(cat "${WORK}/pr/accounts.json")"
run_main_ci plan_pr 0 plan --only "${WORK}/pr/changed.txt"
[[ "$(jq -c '[.include[] | {device, problem, runs_on, self_hosted}]' <(grep '^{' "${WORK}/plan_pr.log"))" == \
   "[{\"device\":\"cpu\",\"problem\":\"${SLUG}\",\"runs_on\":[\"ubuntu-24.04\"],\"self_hosted\":false}]" ]] ||
  fail "plan: not main's device table: $(cat "${WORK}/plan_pr.log")"
run_main_ci bench_pr 0 benchmark --device cpu --problem "${SLUG}" --only "${WORK}/pr/changed.txt" \
  --accounts "${WORK}/pr/accounts.json" --accounts-json "" --out "${WORK}/bench-pr"
expect_in "${WORK}/bench-pr/summary.md" "1 judged, 0 skipped"
[[ ! -e "${WORK}/pr_script_ran" ]] || fail "benchmark: the pull request's edit of tools/ci ran"
pr_record=$(find "${WORK}/bench-pr/records/cpu" -name '*.json' | head -n 1)
[[ "$(jq -r .account "${pr_record}")" == mallory ]] || fail "benchmark: the record's account is not the opener's"
[[ "$(jq -r .author "${pr_record}")" == "Ada Lovelace" ]] || fail "benchmark: the display name is not the header's"
[[ "$(jq -r .problem_definition "${pr_record}")" =~ ^[0-9a-f]{64}$ ]] || fail "benchmark: no problem_definition stamp"
[[ "$(basename "${pr_record}")" == "${SLUG}--$(sha256sum "${pr_record}" | cut -c1-64).json" ]] ||
  fail "benchmark: a stamped record is not named by its content"
[[ "$(git_project rev-parse 'HEAD^{tree}')" == "${main_tree}" ]] || fail "main's commit changed"
rm -f "${PROJECT}/solutions/${SLUG}/hostile.cu"

# A self-hosted device refuses a runner that is not ephemeral: the runner's
# settings file (.runner, written by config.sh) must say "ephemeral": true.
mkdir -p "${WORK}/runner"
printf '\xef\xbb\xbf{"agentName": "gpu-1", "ephemeral": false}' >"${WORK}/runner/.runner"
LEADERBOARD_RUNNER_ROOT="${WORK}/runner" LEADERBOARD_DEVICES="${WORK}/devices_gpu.json" \
  step persistent_runner 2 runner-guard --device gpu
expect_in "${WORK}/persistent_runner.log" "is not ephemeral"
printf '\xef\xbb\xbf{"agentName": "gpu-1", "ephemeral": true}' >"${WORK}/runner/.runner"
LEADERBOARD_RUNNER_ROOT="${WORK}/runner" LEADERBOARD_DEVICES="${WORK}/devices_gpu.json" \
  step ephemeral_runner 0 runner-guard --device gpu
LEADERBOARD_DEVICES="${WORK}/devices_gpu.json" step no_runner 2 runner-guard --device gpu
expect_in "${WORK}/no_runner.log" "cannot find the runner's install folder"
jq '.devices[-1].allow_persistent_runner = true' "${WORK}/devices_gpu.json" >"${WORK}/devices_gpu_trusted.json"
LEADERBOARD_DEVICES="${WORK}/devices_gpu_trusted.json" step persistent_allowed 0 runner-guard --device gpu
expect_in "${WORK}/persistent_allowed.log" "not checking that the runner is ephemeral"
step hosted_runner 0 runner-guard --device cpu

# Usage errors name the problem.
step bad_device 2 benchmark --device h100 --problem "${SLUG}"
expect_in "${WORK}/bad_device.log" "unknown device 'h100' (known: cpu)"
step no_base 2 check
expect_in "${WORK}/no_base.log" "--base is required"

if ((failures)); then echo "${failures} failure(s)"; exit 1; fi
echo "ok: check, benchmark (with skips), three publishes (one raced) and the pages"
