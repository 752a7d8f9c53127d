"""Times PyTorch on the cases time_references timed, and prints the table.

Usage: time_references | /usr/bin/python3 torch_benchmark.py [--problems-dir DIR]

Reads one JSON object per line (problem, case, params, input shapes and
ranges, the reference's seconds and flops), runs the problem's reference.py
in float32 on uniform inputs of the same shapes and ranges with
torch.set_num_threads(os.cpu_count()), and prints per case: the reference's
time and GFLOP/s, PyTorch's time, and reference time / PyTorch time,
both as wall time and as CPU time of all threads.
Both sides are timed on a single call without warm-up.
"""
import argparse
import json
import os
import pathlib
import re
import sys
import time

import torch

from reference_modules import load_reference


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--problems-dir", type=pathlib.Path,
                        default=pathlib.Path(__file__).resolve().parent.parent)
    args = parser.parse_args()
    threads = os.cpu_count() or 1
    torch.set_num_threads(threads)
    generator = torch.Generator().manual_seed(0)
    rows = []
    for line in sys.stdin:
        if not line.strip():
            continue
        timed = json.loads(line)
        reference = load_reference(args.problems_dir, timed["problem"])
        inputs = {}
        for name, spec in timed["inputs"].items():
            if "values" in spec:  # a literal integer tensor, such as a shape array
                inputs[name] = torch.tensor(spec["values"])
                continue
            lo, hi = spec["range"]
            inputs[name] = torch.rand(spec["shape"], generator=generator, dtype=torch.float32) * (hi - lo) + lo
        with torch.no_grad():
            cpu_start, start = time.process_time(), time.perf_counter()
            reference.compute(timed["params"], inputs)
            torch_seconds, torch_cpu = time.perf_counter() - start, time.process_time() - cpu_start
        rows.append((timed, torch_seconds, torch_cpu))
        print(f"torch_benchmark: {timed['problem']}: reference {timed['seconds']:.2f} s, "
              f"torch {torch_seconds:.2f} s", file=sys.stderr, flush=True)
        del inputs

    print(f"\nExact reference (double accumulation, {rows[0][0]['threads'] if rows else '?'} threads) "
          f"vs PyTorch {torch.__version__} (float32, torch.set_num_threads({threads})), "
          f"one call each, no warm-up")
    # Debian's torch calls the system BLAS (BLAS_INFO=generic): its speed on
    # GEMM-based paths depends on which libblas.so.3 alternative is installed.
    blas = re.search(r"BLAS_INFO=([^,\s]+)", torch.__config__.show())
    libblas = pathlib.Path("/usr/lib/x86_64-linux-gnu/libblas.so.3")
    print(f"PyTorch BLAS: {blas.group(1) if blas else 'unknown'}"
          f"{' -> ' + os.path.realpath(libblas) if libblas.exists() else ''}")
    print("wall = elapsed seconds; cpu = CPU seconds of all threads (robust to other load on the machine)")
    header = (f"{'problem':58s} {'case':9s} {'ref wall':>8s} {'ref cpu':>8s} {'GFLOP/s':>8s} "
              f"{'torch wall':>10s} {'torch cpu':>9s} {'wall ratio':>10s} {'cpu ratio':>9s}")
    print(header)
    print("-" * len(header))
    for timed, torch_seconds, torch_cpu in rows:
        gflops = timed["flops"] / timed["seconds"] / 1e9
        print(f"{timed['problem']:58s} {timed['case']:9s} {timed['seconds']:8.2f} {timed['cpu_seconds']:8.2f} "
              f"{gflops:8.1f} {torch_seconds:10.2f} {torch_cpu:9.2f} {timed['seconds'] / torch_seconds:10.2f} "
              f"{timed['cpu_seconds'] / torch_cpu:9.2f}")
    print("ratio = reference / PyTorch (below 1: the reference is faster)")
    return 0 if rows else 1


if __name__ == "__main__":
    sys.exit(main())
