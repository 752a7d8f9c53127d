"""The worst reasonable float32 solution, as a fraction of the tolerance.

Usage: /usr/bin/python3 problems/testing/float32_orders.py [--problems-dir problems] [--full]
           [--nvfp4-gemm-cases DIR [--nvfp4-gemm-rows N]] [--skip-catalogue]

For the problems whose tolerance is stricter than upstream's (leaky-relu,
max-dim, min-dim, sum-dim, matmul-sigmoid-sum), computes each case of the
check tier (with --full also the full tier, upstream's sizes) the ways a
float32 solution reasonably may and prints, per problem and way, the worst
|error| / (atol + rtol |exact|) against the exact result in float64 (<= 1
passes). The ways:
  - reductions (sum-dim, matmul-sigmoid-sum): one thread summing in order
    (sequential, the least accurate), the same in reverse, a pairwise tree
    (NumPy's float32 sum), and blocks of 256 summed then added in order;
  - dot products (matmul-sigmoid-sum): accumulated term by term in float32
    with a rounded product (unfused) or with one rounding per
    multiply-add (fused, emulated in float64 and rounded each step);
  - elementwise (leaky-relu): alpha * x, x * alpha, and the branch-free
    0.5 (1 + alpha) x + 0.5 (1 - alpha) |x|;
  - max-dim/min-dim: any order gives the exact maximum or minimum;
  - nvfp4-gemm, on the judge's own cases (DIR from `dump_cases --problem
    nvfp4-gemm --problems-dir problems [--tier full --inputs-only] --out
    DIR`): the decoded products (exact in float32) summed in float32 in each
    order above, the two global scales applied in float32, the result rounded
    to float16. Cases above 2^24 products are measured on --nvfp4-gemm-rows
    output rows spread evenly (every column of each), and say so.
Inputs are drawn as the cases.yaml ranges say, with NumPy's generator (the
distribution of the judge's inputs, not its bits). It prints figures and
asserts nothing.
"""
import argparse
import importlib.util
import json
import pathlib

import numpy as np
import yaml


def ratio(ours, exact, tol):
    ours = np.asarray(ours, dtype=np.float64)
    allowance = tol["atol"] + tol["rtol"] * np.abs(exact)
    return float(np.max(np.abs(ours - exact) / allowance))


def sequential_sum(x, axis):
    """Sum along axis one term at a time in float32."""
    x = np.moveaxis(np.asarray(x, np.float32), axis, 0)
    acc = np.zeros(x.shape[1:], np.float32)
    for term in x:
        acc = (acc + term).astype(np.float32)
    return acc


def blocked_sum(x, axis, block=256):
    x = np.moveaxis(np.asarray(x, np.float32), axis, 0)
    acc = np.zeros(x.shape[1:], np.float32)
    for start in range(0, x.shape[0], block):
        acc = (acc + sequential_sum(x[start:start + block], 0)).astype(np.float32)
    return acc


def reduction_variants(x, axis):
    return {
        "sequential": sequential_sum(x, axis),
        "reversed": sequential_sum(np.flip(x, axis), axis),
        "pairwise": np.sum(np.asarray(x, np.float32), axis=axis, dtype=np.float32),
        "blocks-of-256": blocked_sum(x, axis),
    }


def draw(rng, shape, lo, hi):
    return (lo + (hi - lo) * rng.random(shape)).astype(np.float32)


def cases(problems_dir, slug, full):
    data = yaml.safe_load((problems_dir / slug / "cases.yaml").read_text())
    tiers = data["tiers"]["check"] + (data["tiers"]["full"] if full else [])
    tol = data["tolerance"]
    return [(c, {"rtol": tol["rtol"], "atol": tol["atol"]}) for c in tiers]


def input_range(case, name, default=(0.0, 1.0)):
    ranges = case.get("inputs", {})
    return tuple(ranges.get(name, ranges.get("default", default)))


def sum_dim(problems_dir, full, rng, worst):
    for case, tol in cases(problems_dir, "sum-dim", full):
        shape, dim = case["params"]["shape"], case["params"]["dim"]
        x = draw(rng, shape, *input_range(case, "input"))
        exact = np.sum(x.astype(np.float64), axis=dim)
        for way, result in reduction_variants(x, dim).items():
            key = ("sum-dim", way)
            worst[key] = max(worst.get(key, 0.0), ratio(result, exact, tol))


def extremum(problems_dir, full, rng, worst, slug, reduce):
    for case, tol in cases(problems_dir, slug, full):
        shape, dim = case["params"]["shape"], case["params"]["dim"]
        x = draw(rng, shape, *input_range(case, "input"))
        exact = reduce(x.astype(np.float64), axis=dim)
        for way, result in {"any order": reduce(x, axis=dim)}.items():
            key = (slug, way)
            worst[key] = max(worst.get(key, 0.0), ratio(result, exact, tol))


def leaky_relu(problems_dir, full, rng, worst):
    for case, tol in cases(problems_dir, "leaky-relu", full):
        p = case["params"]
        x = draw(rng, (p["n"], p["m"]), *input_range(case, "input"))
        alpha = np.float32(p["alpha"])
        exact = np.where(x > 0, x.astype(np.float64), float(alpha) * x.astype(np.float64))
        half = np.float32(0.5)
        ways = {
            "alpha * x": np.where(x > 0, x, alpha * x),
            "branch-free": (half * (np.float32(1) + alpha) * x + half * (np.float32(1) - alpha) * np.abs(x))
            .astype(np.float32),
        }
        for way, result in ways.items():
            key = ("leaky-relu", way)
            worst[key] = max(worst.get(key, 0.0), ratio(result, exact, tol))


def matmul_sigmoid_sum(problems_dir, full, rng, worst):
    for case, tol in cases(problems_dir, "matmul-sigmoid-sum", full):
        p = case["params"]
        a = draw(rng, (p["M"], p["K"]), *input_range(case, "A", (-1, 1)))
        b = draw(rng, (p["K"], p["N"]), *input_range(case, "B", (-1, 1)))
        exact_dot = a.astype(np.float64) @ b.astype(np.float64)
        exact = np.sum(1.0 / (1.0 + np.exp(-exact_dot)))
        unfused = np.zeros((p["M"], p["N"]), np.float32)
        fused = np.zeros((p["M"], p["N"]), np.float32)
        for t in range(p["K"]):
            product = np.outer(a[:, t], b[t, :]).astype(np.float32)
            unfused = (unfused + product).astype(np.float32)
            fused = (fused.astype(np.float64) + np.outer(a[:, t].astype(np.float64), b[t, :])).astype(np.float32)
        for dot_name, dot in (("unfused", unfused), ("fused", fused)):
            sig = (np.float32(1) / (np.float32(1) + np.exp(-dot))).astype(np.float32).ravel()
            for way, total in reduction_variants(sig, 0).items():
                key = ("matmul-sigmoid-sum", f"{dot_name} dot, {way} sum")
                worst[key] = max(worst.get(key, 0.0), ratio(total, exact, tol))


def sampled_rows(m, n, k, rows):
    """Every row of a small case; `rows` rows spread evenly over a large one
    (more than 2^24 products), first and last included."""
    if m * n * k <= 1 << 24 or rows >= m:
        return np.arange(m)
    return np.unique(np.linspace(0, m - 1, rows).round().astype(np.int64))


def nvfp4_gemm(problems_dir, cases_dir, rows_per_case, worst):
    spec = importlib.util.spec_from_file_location("nvfp4_gemm_reference", problems_dir / "nvfp4-gemm" / "reference.py")
    reference = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(reference)
    import torch
    mx = reference.mx

    def decode(codes, scales, rows, k, picked):
        """Rows `picked` of an operand decoded to float64 (numpy)."""
        values = mx.e2m1_values(mx.unpack_fp4(codes[picked]))
        factors = mx.e4m3_values(mx.unswizzle(scales, rows, k // mx.NVFP4_BLOCK)[picked])
        return mx.block_scaled(values, factors, len(picked), k, mx.NVFP4_BLOCK).numpy()

    for manifest_path in sorted(pathlib.Path(cases_dir).rglob("manifest.json")):
        manifest = json.loads(manifest_path.read_text())
        entries = {e["name"]: e for e in manifest["tensors"]}
        inputs = {name: torch.from_numpy(np.load(manifest_path.parent / entries[name]["file"]))
                  for name in manifest["inputs"]}
        params, tol = manifest["params"], manifest["tolerance"]
        m, n, k = params["m"], params["n"], params["k"]
        picked = sampled_rows(m, n, k, rows_per_case)
        a = decode(inputs["q_a"], inputs["scale_a"], m, k, torch.from_numpy(picked))
        b = decode(inputs["q_b"], inputs["scale_b"], n, k, torch.arange(n))
        d_a = np.float32(mx.global_decode(params["sf_g_a"]))
        d_b = np.float32(mx.global_decode(params["sf_g_b"]))
        exact = (a @ b.T) * (float(d_a) * float(d_b))
        case_worst = {}
        for start in range(0, len(picked), 8):  # 8 rows at a time: products (8, n, k) in float32
            rows = slice(start, start + 8)
            products = (a[rows, None, :] * b[None, :, :]).astype(np.float32)  # exact: few significant bits each
            for way, total in reduction_variants(products, 2).items():
                scaled = (total * d_a * d_b).astype(np.float32)
                key = ("nvfp4-gemm", f"{way} sum, float16 output")
                value = ratio(scaled.astype(np.float16), exact[rows], tol)
                worst[key] = max(worst.get(key, 0.0), value)
                case_worst[way] = max(case_worst.get(way, 0.0), value)
                # The float32 sum's own share, before the float16 rounding.
                key = ("nvfp4-gemm", f"{way} sum, float32 (no rounding)")
                worst[key] = max(worst.get(key, 0.0), ratio(scaled, exact[rows], tol))
        print(f"nvfp4-gemm {manifest['case']}: {len(picked)} of {m} rows, all {n} columns; worst "
              + ", ".join(f"{way} {value:.4g}" for way, value in case_worst.items()), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--problems-dir", default="problems", type=pathlib.Path)
    parser.add_argument("--full", action="store_true", help="also the full tier (minutes; GiBs of memory)")
    parser.add_argument("--nvfp4-gemm-cases", type=pathlib.Path,
                        help="nvfp4-gemm cases dumped by dump_cases (any tier; --inputs-only is enough)")
    parser.add_argument("--nvfp4-gemm-rows", type=int, default=64,
                        help="output rows sampled per nvfp4-gemm case above 2^24 products (default 64)")
    parser.add_argument("--skip-catalogue", action="store_true",
                        help="only the nvfp4-gemm cases, not the problems drawn here")
    args = parser.parse_args()
    rng = np.random.default_rng(1)
    worst = {}
    if not args.skip_catalogue:
        leaky_relu(args.problems_dir, args.full, rng, worst)
        extremum(args.problems_dir, args.full, rng, worst, "max-dim", np.max)
        extremum(args.problems_dir, args.full, rng, worst, "min-dim", np.min)
        sum_dim(args.problems_dir, args.full, rng, worst)
        matmul_sigmoid_sum(args.problems_dir, args.full, rng, worst)
    if args.nvfp4_gemm_cases:
        nvfp4_gemm(args.problems_dir, args.nvfp4_gemm_cases, args.nvfp4_gemm_rows, worst)
    tiers = "check and full tiers" if args.full else "check tier"
    if args.skip_catalogue:
        tiers = f"nvfp4-gemm cases in {args.nvfp4_gemm_cases}"
    elif args.nvfp4_gemm_cases:
        tiers += f" (nvfp4-gemm: the cases in {args.nvfp4_gemm_cases})"
    print(f"worst |error| / (atol + rtol |exact|) over the {tiers} (<= 1 passes):")
    for (slug, way), value in sorted(worst.items()):
        print(f"  {slug:20s} {way:42s} {value:10.4g}")


if __name__ == "__main__":
    main()
