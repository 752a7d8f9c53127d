"""Cross-checks the judge's references against PyTorch.

Usage: /usr/bin/python3 torch_crosscheck.py [--problems-dir DIR] [--scalar-types FILE] CASE_DIR...

Each CASE_DIR holds a manifest.json (schema_version 1), the inputs and the
reference outputs as .npy, as written by //problems/testing:dump_cases (whole
tiers) or `judge dump` (one case); a directory holding such case
directories may be given instead. For each case, the problem's
reference.py computes the outputs in float64 from the same inputs, and every
element must satisfy |ours - torch| <= ATOL + RTOL * |torch|; an output
dumped in float16 or bfloat16 (the reference rounded to that type) must be
within one unit in the last place of that type, and an integer output
(argmax) must be equal.
The worst element (coordinates and both values) is printed for every case.
Exits 1 when any case fails.

With --precision-report, also measures how far other computations fall
from float64 in units of the problem's tolerance for the case's dtype (from
the manifest), worst over the cases. For float32 cases: plain float32 (must
pass), float32 with the tanh approximation of GELU and a half-precision
computation (inputs and output rounded to float16); the last two must fail.
For float16 cases: a straightforward float16 computation (float32 arithmetic
on the float16 inputs, output rounded to float16: must pass) and one through
bfloat16 (inputs and output rounded to bfloat16: must fail). Otherwise the
tolerance could not tell them from a correct solution. This is the evidence
behind the tolerances in the statements; a violated expectation makes the
exit status 1. Integer outputs are compared exactly and have no report.
"""
import argparse
import json
import os
import pathlib
import sys

import numpy as np
import torch

from reference_modules import load_reference

ATOL = 1e-5
RTOL = 1e-5


# The judge's scalar types (judge/problem/scalar_type.h, exported by
# //judge/problem:scalar_types_json): read, never listed here.
SCALAR_TYPES = {}
# Units in the last place, relative, of the floating types the judge rounds
# below float32 (float16, bfloat16): from each type's significand digits.
ULP = {}


def load_scalar_types(path):
    table = json.loads(path.read_text())
    if table.get("format") != "judge-scalar-types" or table.get("schema_version") != 1:
        raise SystemExit(f"{path}: not a judge-scalar-types file of schema_version 1")
    SCALAR_TYPES.update(table["dtypes"])
    ULP.update({name: 2.0 ** -(info["significand_digits"] - 1) for name, info in SCALAR_TYPES.items()
                if info["floating"] and info["held_as"] != name})


def load_tensor(path, dtype):
    """A dumped tensor as torch; a floating type NumPy lacks (bfloat16) is dumped as its bits."""
    array = np.load(path)
    info = SCALAR_TYPES[dtype]
    if info["floating"] and array.dtype.kind != "f":
        return torch.from_numpy(array.view(f"<i{array.itemsize}")).view(getattr(torch, dtype))
    if array.dtype in (np.uint16, np.uint32, np.uint64):  # torch has no wider unsigned types
        return torch.from_numpy(array.astype(np.int64))
    return torch.from_numpy(array)


def load_case(case_dir):
    manifest = json.loads((case_dir / "manifest.json").read_text())
    if manifest.get("schema_version") != 1:
        raise SystemExit(f"{case_dir}/manifest.json: schema_version {manifest.get('schema_version')!r}, "
                         "this script reads 1")
    entries = {entry["name"]: entry for entry in manifest["tensors"]}
    load = lambda name: load_tensor(case_dir / entries[name]["file"], entries[name]["dtype"])
    inputs = {name: load(name) for name in manifest["inputs"]}
    outputs = {name: load(name) for name in manifest["outputs"]}
    return manifest, inputs, outputs


def as_float64(inputs):
    """Floating inputs in float64; integer ones (shape arrays) as they are."""
    return {k: v.double() if v.is_floating_point() else v for k, v in inputs.items()}


def worst_element(ours, theirs, atol, rtol):
    """(ratio of error to allowance, index, ours, theirs) at the worst element."""
    ours = ours.astype(np.float64)
    error = np.abs(ours - theirs)
    allowance = atol + rtol * np.abs(theirs)
    with np.errstate(divide="ignore", invalid="ignore"):  # a zero tolerance (exact problems) divides by zero
        ratio = np.where(error == 0, 0.0, error / allowance)
    # NaN against NaN, or the same infinity, agrees (an exact decode of NaN
    # codes); any other non-finite value does not.
    same_special = (np.isnan(ours) & np.isnan(theirs)) | (np.isinf(ours) & (ours == theirs))
    ratio = np.where(np.isfinite(ours) & np.isfinite(theirs), ratio, np.where(same_special, 0.0, np.inf))
    index = np.unravel_index(int(np.argmax(ratio)), ratio.shape)
    return float(ratio[index]), index, float(ours[index]), float(theirs[index])


def cross_check(case_dir, problems_dir):
    manifest, inputs, outputs = load_case(case_dir)
    reference = load_reference(problems_dir, manifest["problem"])
    with torch.no_grad():
        expected = reference.compute(manifest["params"], as_float64(inputs))
    ok = True
    dtypes = {entry["name"]: entry["dtype"] for entry in manifest["tensors"]}
    for name, ours_tensor in outputs.items():
        theirs = expected[name].numpy()
        ours = ours_tensor.float().numpy() if ours_tensor.dtype == torch.bfloat16 else ours_tensor.numpy()
        label = f"{manifest['problem']}/{manifest.get('dtype', 'float32')}/{manifest['case']} {name}"
        if ours.shape != theirs.shape:
            print(f"FAIL {label}: shape {ours.shape} vs torch {theirs.shape}")
            ok = False
            continue
        if not ours_tensor.is_floating_point():
            wrong = int(np.count_nonzero(ours.astype(np.int64) != theirs.astype(np.int64)))
            ok = ok and wrong == 0
            print(f"{'ok  ' if wrong == 0 else 'FAIL'} {label} {tuple(ours.shape)}: {wrong} of {ours.size} "
                  f"{dtypes[name]} elements differ (compared exactly)")
            continue
        atol, rtol = (2.0 ** -24, ULP[dtypes[name]]) if dtypes[name] in ULP else (ATOL, RTOL)
        ratio, index, ours_value, theirs_value = worst_element(ours, theirs, atol, rtol)
        verdict = "ok  " if ratio <= 1.0 else "FAIL"
        ok = ok and ratio <= 1.0
        print(f"{verdict} {label} {tuple(ours.shape)}: worst at {tuple(int(i) for i in index)}: "
              f"ours {ours_value:.9g}, torch {theirs_value:.9g}, "
              f"|diff| = {abs(ours_value - theirs_value):.3g} ({ratio:.3g} of {atol:g} + {rtol:g}*|torch|)")
    return ok


def measure_variants(worst, reference, manifest, inputs, out, out_dtype):
    """Worst error / tolerance of each computation variant for output `out` of one case."""
    slug = manifest["problem"]
    # A float16 output is judged by the float16 rules, whether the problem's
    # dtype made it so or its signature fixes it (a float16 GEMM result).
    dtype = "float16" if out_dtype == torch.float16 else manifest.get("dtype", "float32")
    tolerance = manifest["tolerance"]
    rounded = lambda tensors, to: {k: v.to(to).float() if v.is_floating_point() else v for k, v in tensors.items()}
    with torch.no_grad():
        exact = reference.compute(manifest["params"], as_float64(inputs))[out].numpy()
        if dtype == "float16":
            variants = {
                "float16": reference.compute(manifest["params"], rounded(inputs, torch.float32))[out].half().float(),
                "bfloat16": reference.compute(manifest["params"], rounded(inputs, torch.bfloat16))[out]
                .bfloat16().float(),
            }
        else:
            variants = {"float32": reference.compute(manifest["params"], inputs)[out]}
            variants["half"] = reference.compute(manifest["params"], rounded(inputs, torch.half))[out].half().float()
        if "gelu" in slug and dtype == "float32":
            exact_gelu = torch.nn.functional.gelu
            torch.nn.functional.gelu = lambda x, approximate="none": exact_gelu(x, approximate="tanh")
            try:
                tanh_gelu = reference.compute(manifest["params"], inputs)[out]
            finally:
                torch.nn.functional.gelu = exact_gelu
            # Only where the problem computes the exact GELU: one that asks for
            # the tanh approximation itself (Tensara's `gelu`) is unchanged.
            if not torch.equal(tanh_gelu, variants["float32"]):
                variants["tanh-gelu"] = tanh_gelu
    for variant, result in variants.items():
        ratio, _, _, _ = worst_element(result.numpy(), exact, tolerance["atol"], tolerance["rtol"])
        key = (slug if out == "output" else f"{slug} {out}", dtype, variant)
        worst[key] = max(worst.get(key, 0.0), ratio)


def precision_report(case_dirs, problems_dir):
    """Worst error / tolerance of float32, tanh-GELU and half computations."""
    worst = {}
    for case_dir in case_dirs:
        manifest, inputs, outputs = load_case(case_dir)
        reference = load_reference(problems_dir, manifest["problem"])
        # Each floating output (a problem's output need not be named "output");
        # integer ones are compared exactly: no tolerance to justify.
        for out in [name for name, tensor in outputs.items() if tensor.is_floating_point()]:
            measure_variants(worst, reference, manifest, inputs, out, outputs[out].dtype)
    print("\nworst |error| / (atol + rtol*|exact|) over the cases, against float64 "
          "(<= 1 passes the problem's tolerance):")
    as_expected = True
    for (slug, dtype, variant), ratio in sorted(worst.items()):
        should_pass = variant == dtype  # the straightforward computation in the case's own dtype
        expected = (ratio <= 1) == should_pass
        as_expected = as_expected and expected
        print(f"  {slug:56s} {dtype:8s} {variant:10s} {ratio:10.4g}  {'passes' if ratio <= 1 else 'FAILS'}"
              f"{'' if expected else '  <-- UNEXPECTED: the tolerance should ' + ('accept' if should_pass else 'reject') + ' this'}")
    return as_expected


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("case_dirs", nargs="+", type=pathlib.Path)
    parser.add_argument("--problems-dir", type=pathlib.Path,
                        default=pathlib.Path(__file__).resolve().parent.parent)
    parser.add_argument("--precision-report", action="store_true")
    # In Bazel's runfiles the export sits beside problems/; from a checkout,
    # `bazel build //judge/problem:scalar_types_json` and pass
    # bazel-bin/judge/problem/scalar_types.json.
    parser.add_argument("--scalar-types", type=pathlib.Path,
                        default=pathlib.Path(__file__).parent.parent.parent / "judge/problem/scalar_types.json")
    args = parser.parse_args()
    if not args.scalar_types.exists():
        parser.error(f"no {args.scalar_types}: build //judge/problem:scalar_types_json and pass "
                     "--scalar-types bazel-bin/judge/problem/scalar_types.json")
    load_scalar_types(args.scalar_types)
    torch.set_num_threads(os.cpu_count() or 1)
    case_dirs = []
    for path in args.case_dirs:
        # A directory of dumped cases may be given instead of each case.
        case_dirs += [path] if (path / "manifest.json").exists() else sorted(
            p.parent for p in path.rglob("manifest.json"))
    if not case_dirs:
        print("torch_crosscheck: no manifest.json under " + " ".join(map(str, args.case_dirs)))
        return 1
    failures = sum(0 if cross_check(case_dir, args.problems_dir) else 1 for case_dir in case_dirs)
    print(f"\n{len(case_dirs) - failures} of {len(case_dirs)} cases agree with PyTorch (float64)")
    tolerances_hold = precision_report(case_dirs, args.problems_dir) if args.precision_report else True
    return 1 if failures or not tolerances_hold else 0


if __name__ == "__main__":
    sys.exit(main())
