#!/bin/bash
# `judge dump` in every dtype: dumps a case of the test-only problem
# every-dtype (a tensor of every element type) in float32, float16, bfloat16
# and float64, and has NumPy read each file back: the .npy descr is the
# tensor's dtype (bfloat16 as its uint16 bits), the manifest says the same,
# the values are those the reference saw, and an unknown dtype is refused.
# NumPy is Debian's, under /usr/bin/python3.
set -u

RUNFILES="${TEST_SRCDIR}/judge"
JUDGE="${RUNFILES}/judge/cli/judge_with_test_problem"
PROBLEMS="${RUNFILES}/judge/problem/testdata/problems"
WORK="${TEST_TMPDIR}/dumps"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

for dtype in float32 float16 bfloat16 float64; do
  if ! "${JUDGE}" dump --problem every-dtype --case c2 --dtype "${dtype}" --problems-dir "${PROBLEMS}" \
       --out "${WORK}/${dtype}" 2>"${WORK}.${dtype}.err"; then
    fail "dump --dtype ${dtype}: $(cat "${WORK}.${dtype}.err")"
    continue
  fi
  /usr/bin/python3 - "${WORK}/${dtype}" "${dtype}" <<'PY' || fail "dump --dtype ${dtype}: NumPy check failed"
import json, sys
import numpy as np

folder, dtype = sys.argv[1], sys.argv[2]
manifest = json.load(open(folder + "/manifest.json"))
assert manifest["dtype"] == dtype, manifest["dtype"]
numpy_dtype = {"float32": np.float32, "float16": np.float16, "bfloat16": np.uint16, "float64": np.float64,
               "int8": np.int8, "uint8": np.uint8, "int16": np.int16, "uint16": np.uint16, "int32": np.int32,
               "uint32": np.uint32, "int64": np.int64, "uint64": np.uint64, "bool": np.bool_}
arrays = {}
for entry in manifest["tensors"]:
    array = np.load(f"{folder}/{entry['file']}")
    assert array.dtype == numpy_dtype[entry["dtype"]], (entry["name"], array.dtype, entry["dtype"])
    assert list(array.shape) == entry["shape"], (entry["name"], array.shape, entry["shape"])
    arrays[entry["name"]] = array
want = {"x": dtype, "y": dtype, "i8": "int8", "u8": "uint8", "i16": "int16", "u16": "uint16", "i32": "int32",
        "u32": "uint32", "i64": "int64", "u64": "uint64", "sz": "uint64", "flags": "bool", "total": "int64"}
got = {entry["name"]: entry["dtype"] for entry in manifest["tensors"]}
assert got == want, got

def as_float64(name):
    a = arrays[name]
    if dtype == "bfloat16":  # the bits of bfloat16: the high half of a float32
        return (a.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    return a.astype(np.float64)

# Inputs lie in the case's ranges; integer ones are integers in [lo, hi).
ranges = {entry["name"]: entry["range"] for entry in manifest["tensors"] if "range" in entry}
for name, (lo, hi) in ranges.items():
    values = as_float64(name) if name == "x" else arrays[name].astype(np.float64)
    assert values.min() >= lo and values.max() < hi, (name, values.min(), values.max(), lo, hi)
assert arrays["i8"].min() < 0 < arrays["i8"].max(), "signed draws cover both signs"
assert set(np.unique(arrays["flags"])) == {False, True}, "bool draws are both values"

# y = x * scale, rounded once to the dtype.
exact = as_float64("x") * manifest["params"]["scale"]
step = {"float32": 2.0 ** -23, "float16": 2.0 ** -10, "bfloat16": 2.0 ** -7, "float64": 2.0 ** -52}[dtype]
assert np.all(np.abs(as_float64("y") - exact) <= step * np.abs(exact)), "y is x * scale rounded to the dtype"
total = sum(int(arrays[name].astype(np.int64).sum()) for name in ("i8", "u8", "i16", "u16", "i32", "u32", "i64", "sz", "flags"))
total += int(arrays["u64"].astype(object).sum())
assert int(arrays["total"][0]) == total, (int(arrays["total"][0]), total)
print(f"ok: {dtype}: {len(arrays)} tensors read back with their dtypes")
PY
done

"${JUDGE}" dump --problem every-dtype --case c2 --dtype int32 --problems-dir "${PROBLEMS}" --out "${WORK}/bad" \
  2>"${WORK}.bad.err"
[[ $? == 2 ]] || fail "dump --dtype int32 must be a usage error (exit 2)"
grep -qF "is not offered in dtype 'int32'; it offers: float32, float16, bfloat16, float64" "${WORK}.bad.err" \
  || fail "dump --dtype int32: $(cat "${WORK}.bad.err")"
exit $(( failures != 0 ))
