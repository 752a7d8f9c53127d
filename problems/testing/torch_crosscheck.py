"""Cross-checks the judge's references against PyTorch.

Usage: /usr/bin/python3 torch_crosscheck.py [--problems-dir DIR] CASE_DIR...

Each CASE_DIR holds a manifest.json (schema_version 1), the inputs and the
reference outputs as .npy, as written by //problems/testing:dump_cases (whole
tiers) or `judge dump` (one case); a directory holding such case
directories may be given instead. For each case, the problem's
reference.py computes the outputs in float64 from the same float32 inputs,
and every element must satisfy |ours - torch| <= ATOL + RTOL * |torch|.
The worst element (coordinates and both values) is printed for every case.
Exits 1 when any case fails.

With --precision-report, also measures how far three other computations fall
from float64 in units of the problem's tolerance (from the manifest), worst over the
cases: plain float32 (must pass), float32 with the tanh approximation of GELU
and a half-precision computation (inputs and output rounded to float16); the
last two must fail, or the tolerance could not tell them from a correct
solution. This is the evidence behind the tolerances in the statements; a
violated expectation makes the exit status 1.
"""
import argparse
import importlib.util
import json
import os
import pathlib
import sys

import numpy as np
import torch

ATOL = 1e-5
RTOL = 1e-5


def load_reference(problems_dir, slug):
    path = problems_dir / slug / "reference.py"
    spec = importlib.util.spec_from_file_location(f"reference_{slug.replace('-', '_')}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_case(case_dir):
    manifest = json.loads((case_dir / "manifest.json").read_text())
    if manifest.get("schema_version") != 1:
        raise SystemExit(f"{case_dir}/manifest.json: schema_version {manifest.get('schema_version')!r}, "
                         "this script reads 1")
    files = {entry["name"]: case_dir / entry["file"] for entry in manifest["tensors"]}
    inputs = {name: torch.from_numpy(np.load(files[name])) for name in manifest["inputs"]}
    outputs = {name: np.load(files[name]) for name in manifest["outputs"]}
    return manifest, inputs, outputs


def worst_element(ours, theirs, atol, rtol):
    """(ratio of error to allowance, index, ours, theirs) at the worst element."""
    ours = ours.astype(np.float64)
    error = np.abs(ours - theirs)
    allowance = atol + rtol * np.abs(theirs)
    ratio = np.where(np.isfinite(ours) & np.isfinite(theirs), error / allowance, np.inf)
    index = np.unravel_index(int(np.argmax(ratio)), ratio.shape)
    return float(ratio[index]), index, float(ours[index]), float(theirs[index])


def cross_check(case_dir, problems_dir):
    manifest, inputs, outputs = load_case(case_dir)
    reference = load_reference(problems_dir, manifest["problem"])
    with torch.no_grad():
        expected = reference.compute(manifest["params"], {k: v.double() for k, v in inputs.items()})
    ok = True
    for name, ours in outputs.items():
        theirs = expected[name].numpy()
        label = f"{manifest['problem']}/{manifest['case']} {name}"
        if ours.shape != theirs.shape:
            print(f"FAIL {label}: shape {ours.shape} vs torch {theirs.shape}")
            ok = False
            continue
        ratio, index, ours_value, theirs_value = worst_element(ours, theirs, ATOL, RTOL)
        verdict = "ok  " if ratio <= 1.0 else "FAIL"
        ok = ok and ratio <= 1.0
        print(f"{verdict} {label} {tuple(ours.shape)}: worst at {tuple(int(i) for i in index)}: "
              f"ours {ours_value:.9g}, torch {theirs_value:.9g}, "
              f"|diff| = {abs(ours_value - theirs_value):.3g} ({ratio:.3g} of {ATOL:g} + {RTOL:g}*|torch|)")
    return ok


def precision_report(case_dirs, problems_dir):
    """Worst error / tolerance of float32, tanh-GELU and half computations."""
    worst = {}
    for case_dir in case_dirs:
        manifest, inputs, outputs = load_case(case_dir)
        slug = manifest["problem"]
        tolerance = manifest["tolerance"]
        reference = load_reference(problems_dir, slug)
        with torch.no_grad():
            exact = reference.compute(manifest["params"], {k: v.double() for k, v in inputs.items()})["output"].numpy()
            variants = {"float32": reference.compute(manifest["params"], inputs)["output"]}
            half_inputs = {k: v.half().float() for k, v in inputs.items()}
            variants["half"] = reference.compute(manifest["params"], half_inputs)["output"].half().float()
            if "gelu" in slug:
                exact_gelu = torch.nn.functional.gelu
                torch.nn.functional.gelu = lambda x, approximate="none": exact_gelu(x, approximate="tanh")
                try:
                    variants["tanh-gelu"] = reference.compute(manifest["params"], inputs)["output"]
                finally:
                    torch.nn.functional.gelu = exact_gelu
        for variant, result in variants.items():
            ratio, _, _, _ = worst_element(result.numpy(), exact, tolerance["atol"], tolerance["rtol"])
            key = (slug, variant)
            worst[key] = max(worst.get(key, 0.0), ratio)
    print("\nworst |error| / (atol + rtol*|exact|) over the cases, against float64 "
          "(<= 1 passes the problem's tolerance):")
    as_expected = True
    for (slug, variant), ratio in sorted(worst.items()):
        should_pass = variant == "float32"
        expected = (ratio <= 1) == should_pass
        as_expected = as_expected and expected
        print(f"  {slug:60s} {variant:10s} {ratio:10.4g}  {'passes' if ratio <= 1 else 'FAILS'}"
              f"{'' if expected else '  <-- UNEXPECTED: the tolerance should ' + ('accept' if should_pass else 'reject') + ' this'}")
    return as_expected


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("case_dirs", nargs="+", type=pathlib.Path)
    parser.add_argument("--problems-dir", type=pathlib.Path,
                        default=pathlib.Path(__file__).resolve().parent.parent)
    parser.add_argument("--precision-report", action="store_true")
    args = parser.parse_args()
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
