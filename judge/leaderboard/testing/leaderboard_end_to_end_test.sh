#!/bin/bash
# End to end on the CPU backend: judges every leaderboard submission under
# solutions/ (`judge submissions`) with --record (sample tier, and a benchmark of
# the sample case so the records carry CPU-emulated timings), builds the
# leaderboard from the records, and checks that every submission appears in the
# CPU-emulated section as ACCEPTED and that nothing is ranked as GPU time.
set -u
RUNFILES="${TEST_SRCDIR}/judge"
JUDGE="${RUNFILES}/judge/judge"
WORK="${TEST_TMPDIR}/e2e"
RECORDS="${WORK}/records"
SITE="${WORK}/site"
mkdir -p "${WORK}"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

"${JUDGE}" submissions --json >"${WORK}/submissions.json" || fail "judge submissions exited $?"
mapfile -t submissions < <(python3 -c '
import json, sys
for s in json.load(open(sys.argv[1]))["submissions"]:
    print(s["slug"] + " " + s["path"])' "${WORK}/submissions.json")
((${#submissions[@]} >= 10)) || fail "expected a baseline and a faster submission per problem, got ${#submissions[@]}"

for entry in "${submissions[@]}"; do
  slug="${entry%% *}" path="${entry#* }"
  # (readlink -f: the runfiles entry is a link, which the judge refuses to follow)
  "${JUDGE}" --problem "${slug}" --solution "$(readlink -f "${RUNFILES}/${path}")" --backend cpu --tier sample --benchmark \
    --bench-tier sample --cache-dir "${WORK}/cache" --record "${RECORDS}" >"${WORK}/judge.log" 2>&1
  status=$?
  if [[ ${status} == 0 ]]; then
    echo "ok: ${path} ACCEPTED, recorded"
  else
    fail "${path}: judge exited ${status}"; tail -20 "${WORK}/judge.log"
  fi
done

# A known-wrong fixture has no author/title header: --record refuses it before judging.
wrong="$(readlink -f "$(ls "${RUNFILES}"/solutions/conv2d-groupnorm-scale-maxpool-clamp/wrong_*.cu | head -1)")"
"${JUDGE}" --problem conv2d-groupnorm-scale-maxpool-clamp --solution "${wrong}" --backend cpu --tier sample \
  --cache-dir "${WORK}/cache" --record "${RECORDS}" >"${WORK}/wrong.log" 2>&1
status=$?
[[ ${status} == 2 ]] || fail "--record on a file without a header exited ${status}, expected 2"
grep -q "no '// author: ...' line" "${WORK}/wrong.log" || fail "--record refusal does not say what is missing: $(cat "${WORK}/wrong.log")"

"${JUDGE}" leaderboard --results "${RECORDS}" --out "${SITE}" >"${WORK}/leaderboard.log" 2>&1
status=$?
[[ ${status} == 0 ]] || { fail "judge leaderboard exited ${status}"; cat "${WORK}/leaderboard.log"; }

python3 - "${WORK}/submissions.json" "${RECORDS}" "${SITE}" <<'PY' || fail "the leaderboard does not show the judged submissions as expected"
import glob, json, os, sys
submissions = json.load(open(sys.argv[1]))["submissions"]
records = [json.load(open(f)) for f in glob.glob(os.path.join(sys.argv[2], "*.json"))]
board = json.load(open(os.path.join(sys.argv[3], "leaderboard.json")))
assert len(records) == len(submissions), (len(records), len(submissions))
for r in records:
    assert r["format"] == "judge-result-record" and r["schema_version"] == 2, r
    assert r["timing"] == "cpu-emulated" and r["verdict"] == "ACCEPTED", r
    assert r["bench_tier"] == "sample" and len(r["cases"]) == 1 and r["cases"][0]["median_ms"] > 0, r
    assert r["device"]["cpu_model"] or r["device"]["name"], r["device"]
    assert r["judge_version"] and r["created"].endswith("Z") and len(r["solution"]["hash"]) >= 32 and all(c in "0123456789abcdef" for c in r["solution"]["hash"]), r
# CPU-emulated records are never ranked against GPU times: no boards, no devices.
assert board["boards"] == [] and board["devices"] == [] and board["overall"] == [], board
assert board["skipped"] == [], board["skipped"]
rows = {(row["problem"], row["path"]): row for row in board["cpu_emulated"]}
for s in submissions:
    row = rows[(s["slug"], s["path"])]
    assert row["verdict"] == "ACCEPTED" and row["author"] == s["author"] and row["title"] == s["title"], row
    assert row["emulated_geomean_ms"] > 0, row
assert len(rows) == len(submissions)
markdown = open(os.path.join(sys.argv[3], "leaderboard.md")).read()
assert "## CPU-emulated (correctness only, never ranked)" in markdown
for s in submissions:
    assert "(" + s["path"] + ")" in markdown, s["path"]
html = open(os.path.join(sys.argv[3], "index.html")).read()
assert "CPU-emulated records" in html and "leaderboard-data" in html
print("ok: %d CPU-emulated rows, no GPU ranking" % len(rows))
PY

echo "${failures} failure(s)"
exit $((failures != 0))
