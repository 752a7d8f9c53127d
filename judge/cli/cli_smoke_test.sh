#!/bin/bash
# Runs the catalogue commands of the judge binary on the test-only problem
# (judge/problem/testdata/problems/scale-rows) and checks their output, exit
# codes and error messages; compiles the starter with nvcc.
set -u

RUNFILES="${TEST_SRCDIR}/judge"
JUDGE="${RUNFILES}/judge/cli/judge_with_test_problem"
PROBLEMS="${RUNFILES}/judge/problem/testdata/problems"
BAD_PROBLEMS="${RUNFILES}/judge/problem/testdata/bad_problems"
TENSARA="${RUNFILES}/judge/importer/testdata"
NVCC=/usr/local/cuda/bin/nvcc
WORK="${TEST_TMPDIR}/cli"
mkdir -p "${WORK}"
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# run NAME EXPECTED_EXIT args...: runs the judge, keeps stdout/stderr in
# ${WORK}/NAME.{out,err}, checks the exit code.
run() {
  local name="$1" expected="$2"; shift 2
  "${JUDGE}" "$@" >"${WORK}/${name}.out" 2>"${WORK}/${name}.err"
  local code=$?
  [[ ${code} == "${expected}" ]] || fail "${name}: exit ${code}, expected ${expected}; stderr: $(cat "${WORK}/${name}.err")"
}
# expect NAME STREAM TEXT: TEXT occurs in ${WORK}/NAME.STREAM.
expect() {
  grep -qF -- "$3" "${WORK}/$1.$2" || fail "$1: '$3' not in $2: $(head -c 2000 "${WORK}/$1.$2")"
}

run help 0 help
expect help out "list"
expect help out "starter"
run no_args 2
run unknown_command 2 frobnicate
expect unknown_command err "unknown command 'frobnicate'; commands: dump, import-tensara, list, show, starter"
run no_judge_command 2 --problem scale-rows --solution x.cu
expect no_judge_command err "is not available in this build"

run list 0 list --problems-dir "${PROBLEMS}"
expect list out "scale-rows"
expect list out "EASY (2)"
expect list out "  scale-rows   Scale Rows"
expect list out "    tags: elementwise, test-only  cases: sample 1 check 6 full 1  dtypes: float32"
# Filters (ignoring case) and grouping by tag.
run list_tag 0 list --problems-dir "${PROBLEMS}" --tag ELEMENTWISE
expect list_tag out "EASY (1)"
grep -qF "every-dtype" "${WORK}/list_tag.out" && fail "list --tag elementwise listed every-dtype"
run list_search 0 list --problems-dir "${PROBLEMS}" --search "dtype"
expect list_search out "  every-dtype  Every Dtype"
grep -qF "scale-rows" "${WORK}/list_search.out" && fail "list --search dtype listed scale-rows"
run list_search_title 0 list --problems-dir "${PROBLEMS}" --search "SCALE ROWS" --difficulty easy
expect list_search_title out "  scale-rows  Scale Rows"
run list_none 0 list --problems-dir "${PROBLEMS}" --difficulty hard
expect list_none out "no problem matches --difficulty 'hard'"
run list_by_tag 0 list --problems-dir "${PROBLEMS}" --group-by tag
expect list_by_tag out "elementwise (1)"
expect list_by_tag out "test-only (2)"
expect list_by_tag out "    [EASY]  tags: elementwise, test-only"
run list_bad_group 2 list --problems-dir "${PROBLEMS}" --group-by author
expect list_bad_group err "--group-by must be 'difficulty' or 'tag', not 'author'"
run list_json_filtered 0 list --problems-dir "${PROBLEMS}" --json --tag test-only --search every
python3 - "${WORK}/list_json_filtered.out" <<'PY' || fail "list --json --tag --search: unexpected content"
import json, sys
d = json.load(open(sys.argv[1]))
assert [p["slug"] for p in d["problems"]] == ["every-dtype"], d
PY
run list_broken 3 list --problems-dir "${BAD_PROBLEMS}"
expect list_broken out "slug 'scale-rows' must equal the folder name 'wrong-folder'"
expect list_broken out "no definition is registered for problem 'unregistered-problem'"
run bad_flag 2 list --problems-dir "${PROBLEMS}" --frobnicate
expect bad_flag err "frobnicate"

run show 0 show --problem scale-rows --problems-dir "${PROBLEMS}"
grep -A1 -x "Scale Rows  (scale-rows)" "${WORK}/show.out" | grep -qx -- "========================" \
  || fail "show: the title is not an underlined heading"
grep -A1 -x "C prototype (dtype float32)" "${WORK}/show.out" | grep -qx -- "---------------------------" \
  || fail "show: the prototype section is not an underlined heading"
expect show out 'extern "C" void solution(const float* input, const float* bias, float* output, double scale, size_t rows, size_t cols);'
expect show out "rtol = 1e-05, atol = 1e-06"
expect show out "2 * rows * cols"
expect show out "tiny: scale=2, rows=2, cols=3"
expect show out "in  input (2, 3), 6 elements, float32, uniform in [0, 1)"
expect show out "in  bias (8), 8 elements, float32, uniform in [100, 200)"
expect show out "Outputs hold zeros when solution() is called"
expect show out "out output (1024, 4096), 4194304 elements"
expect show out "FLOPs: 8388608 (0.008 GFLOP)"
# --json: the same facts, machine-readable (python3 checks the values, not the layout).
# The statement's "## Input" rendered as an underlined heading, its list items indented.
grep -A1 -x "Input" "${WORK}/show.out" | grep -qx -- "-----" || fail "show: '## Input' not rendered as a heading"
expect show out "  * Tensor \`input\` of shape"
# A statement with a table and control characters: the table is aligned,
# no control character reaches the terminal, --raw keeps the Markdown.
mkdir -p "${WORK}/styled" && cp -rL "${PROBLEMS}/scale-rows" "${WORK}/styled/" && chmod -R u+w "${WORK}/styled"
printf '\n## Shapes\n| tensor | shape |\n|---|---|\n| `input` | (rows, cols) |\n| `bias` | (cols) |\n\nbell\a and \033[2Jescape\n' \
  >>"${WORK}/styled/scale-rows/statement.md"
run show_styled 0 show --problem scale-rows --problems-dir "${WORK}/styled"
expect show_styled out "  tensor  | shape"
expect show_styled out "  --------+-------------"
expect show_styled out "  \`input\` | (rows, cols)"
expect show_styled out "bell and [2Jescape"
LC_ALL=C grep -q $'[\x01-\x09\x0b-\x1f\x7f]' "${WORK}/show_styled.out" && fail "show printed a control character"
run show_raw 0 show --problem scale-rows --problems-dir "${WORK}/styled" --raw
expect show_raw out "| \`input\` | (rows, cols) |"
expect show_raw out "# Scale Rows  (scale-rows)"
expect show_raw out "## C prototype (dtype float32)"
LC_ALL=C grep -q $'[\x01-\x09\x0b-\x1f\x7f]' "${WORK}/show_raw.out" && fail "show --raw printed a control character"
run show_json 0 show --problem scale-rows --problems-dir "${PROBLEMS}" --json
python3 - "${WORK}/show_json.out" <<'PY' || fail "show --json: unexpected content"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["slug"] == "scale-rows" and d["title"] == "Scale Rows", d
assert d["tolerance"] == {"rtol": 1e-05, "atol": 1e-06}, d["tolerance"]
tiny = d["cases"]["sample"][0]
assert tiny["name"] == "tiny" and tiny["params"] == {"scale": 2.0, "rows": 2, "cols": 3}, tiny
assert tiny["flops"] == 12 and tiny["min_bytes"] == (6 + 3 + 6) * 4, tiny
assert [t["role"] for t in tiny["tensors"]] == ["input", "input", "output"], tiny
assert len(d["cases"]["check"]) == 6 and len(d["cases"]["full"]) == 1
PY
run list_json 0 list --problems-dir "${PROBLEMS}" --json
python3 - "${WORK}/list_json.out" <<'PY' || fail "list --json: unexpected content"
import json, sys
d = json.load(open(sys.argv[1]))
assert [p["slug"] for p in d["problems"]] == ["every-dtype", "scale-rows"] and d["broken"] == [], d
assert d["problems"][1]["case_counts"] == {"sample": 1, "check": 6, "full": 1}, d
assert d["problems"][0]["dtypes"] == ["float32", "float16", "bfloat16", "float64"], d
assert d["problems"][1]["dtypes"] == ["float32"] and d["problems"][1]["dtype"] == "float32", d
PY
run list_json_broken 3 list --problems-dir "${BAD_PROBLEMS}" --json
expect list_json_broken out '"slug": "wrong-folder"'
run show_unknown 2 show --problem scale-row --problems-dir "${PROBLEMS}"
expect show_unknown err "unknown problem 'scale-row'"
expect show_unknown err "known problems: every-dtype, scale-rows"
run show_missing_flag 2 show --problems-dir "${PROBLEMS}"
expect show_missing_flag err "--problem is required"

run starter 0 starter --problem scale-rows --problems-dir "${PROBLEMS}" --out "${WORK}/starter.cu"
expect starter err "wrote ${WORK}/starter.cu"
grep -qF 'extern "C" void solution(const float* input, const float* bias, float* output, double scale, size_t rows, size_t cols) {' "${WORK}/starter.cu" \
  || fail "starter.cu lacks the solution definition"
grep -qF '#include <cuda_runtime.h>' "${WORK}/starter.cu" || fail "starter.cu lacks cuda_runtime.h"
grep -qF '// are inputs, the others are outputs to fill. Outputs hold zeros when' "${WORK}/starter.cu" \
  || fail "starter.cu does not say outputs are zero-filled"
grep -qF 'float32, uniform in [0, 1)' "${WORK}/starter.cu" || fail "starter.cu does not name the input's type"
grep -qF '//   tiny: scale=2, rows=2, cols=3' "${WORK}/starter.cu" || fail "starter.cu lacks the sample case"
grep -qF '//   large: scale=0.75, rows=1024, cols=4096' "${WORK}/starter.cu" || fail "starter.cu lacks the full case"
"${NVCC}" -arch=sm_80 -c "${WORK}/starter.cu" -o "${WORK}/starter.o" >"${WORK}/nvcc.log" 2>&1 \
  || fail "nvcc -c starter.cu: $(cat "${WORK}/nvcc.log")"
run starter_exists 2 starter --problem scale-rows --problems-dir "${PROBLEMS}" --out "${WORK}/starter.cu"
expect starter_exists err "exists; pass --force"
# Relative --out resolves against BUILD_WORKING_DIRECTORY (bazel run).
BUILD_WORKING_DIRECTORY="${WORK}" run starter_relative 0 starter --problem scale-rows --problems-dir "${PROBLEMS}" --out rel.cu
[[ -f "${WORK}/rel.cu" ]] || fail "relative --out did not land in BUILD_WORKING_DIRECTORY"

run dump 0 dump --problem scale-rows --case odd-sizes --seed 5 --problems-dir "${PROBLEMS}" --out "${WORK}/dump"
for tensor in input bias output; do
  [[ -f "${WORK}/dump/${tensor}.npy" ]] || fail "dump: ${tensor}.npy missing"
done
# 7x13 float32 after a 128-byte header; 13 floats after it for bias.
[[ $(stat -c %s "${WORK}/dump/input.npy") == $((128 + 7 * 13 * 4)) ]] || fail "dump: input.npy has the wrong size"
[[ $(stat -c %s "${WORK}/dump/bias.npy") == $((128 + 13 * 4)) ]] || fail "dump: bias.npy has the wrong size"
python3 - "${WORK}/dump" <<'PY' || fail "dump: manifest/npy check failed"
import json, struct, sys
folder = sys.argv[1]
m = json.load(open(folder + "/manifest.json"))
assert m["problem"] == "scale-rows" and m["case"] == "odd-sizes" and m["seed"] == 5, m
assert m["tier"] == "check", m
assert m["params"] == {"scale": -0.5, "rows": 7, "cols": 13}, m["params"]
assert list(m["params"]) == ["scale", "rows", "cols"], "params in signature order"
assert m["inputs"] == ["input", "bias"] and m["outputs"] == ["output"], m
shapes = {t["name"]: t["shape"] for t in m["tensors"]}
assert shapes == {"input": [7, 13], "bias": [13], "output": [7, 13]}, shapes
def load(name):
    data = open(f"{folder}/{name}.npy", "rb").read()
    header_len = struct.unpack("<H", data[8:10])[0]
    assert b"'descr': '<f4'" in data[10:10 + header_len]
    body = data[10 + header_len:]
    return struct.unpack(f"<{len(body) // 4}f", body)
x, b, y = load("input"), load("bias"), load("output")
assert all(0.0 <= v < 1.0 for v in x + b), "inputs in [0, 1)"
for r in range(7):
    for c in range(13):
        want = x[r * 13 + c] * -0.5 + b[c]
        assert abs(y[r * 13 + c] - want) <= 1e-6, (r, c, y[r * 13 + c], want)
PY
cp "${WORK}/dump/input.npy" "${WORK}/input_seed5.npy"
run dump_again 0 dump --problem scale-rows --case odd-sizes --seed 5 --problems-dir "${PROBLEMS}" --out "${WORK}/dump"
cmp -s "${WORK}/dump/input.npy" "${WORK}/input_seed5.npy" || fail "dump: same seed gave different inputs"
run dump_seed6 0 dump --problem scale-rows --case odd-sizes --seed 6 --problems-dir "${PROBLEMS}" --out "${WORK}/dump6"
cmp -s "${WORK}/dump6/input.npy" "${WORK}/input_seed5.npy" && fail "dump: another seed gave the same inputs"
run dump_unknown_case 2 dump --problem scale-rows --case huge --problems-dir "${PROBLEMS}" --out "${WORK}/x"
expect dump_unknown_case err "problem 'scale-rows' has no case 'huge'; its cases are: tiny, one-element, odd-sizes"

# import-tensara: a folder of upstream problems; a second run changes
# nothing; a skipped problem makes the exit code 3.
run import 3 import-tensara "${TENSARA}" --out "${WORK}/imported"
expect import out "every-type: written (statement.md, cases.yaml); read fully"
expect import out "unreadable: written (statement.md, cases.yaml); read partly, 3 TODO(s):"
expect import out "unreadable/def.py:24: rtol= is not a literal number"
expect import out "no-parameters: skipped: no parameters: "
expect import out "7 problem(s): 3 read fully, 3 partly, 1 skipped; 6 written, 0 unchanged, 0 kept"
expect import err "1 problem(s) could not be imported"
run import_again 3 import-tensara "${TENSARA}" --out "${WORK}/imported"
expect import_again out "every-type: unchanged; read fully"
expect import_again out "0 written, 6 unchanged, 0 kept"
run import_one 0 import-tensara "${TENSARA}/every-type" --out "${WORK}/imported"
expect import_one out "1 problem(s): 1 read fully, 0 partly, 0 skipped; 0 written, 1 unchanged"
echo "# my note" >>"${WORK}/imported/every-type/cases.yaml"
run import_kept 0 import-tensara "${TENSARA}/every-type" --out "${WORK}/imported"
expect import_kept out "every-type: kept (hand-edited: cases.yaml)"
run import_forced 0 import-tensara "${TENSARA}/every-type" --out "${WORK}/imported" --force
expect import_forced out "every-type: written (cases.yaml)"
grep -qF "# my note" "${WORK}/imported/every-type/cases.yaml" && fail "--force kept the hand edit"
# The imported statement and cases are read by the judge: the problem
# fails to load only for its missing definition (reference.cc).
run import_show 3 show --problem every-type --problems-dir "${WORK}/imported"
expect import_show err "no definition is registered for problem 'every-type'"
run import_no_folder 2 import-tensara
expect import_no_folder err "judge import-tensara: which folder? usage: judge import-tensara <folder>"
run import_bad_folder 2 import-tensara "${WORK}/nowhere"
expect import_bad_folder err "is not a folder"

if [[ ${failures} != 0 ]]; then
  echo "${failures} check(s) failed"
  exit 1
fi
echo "all CLI checks passed"
