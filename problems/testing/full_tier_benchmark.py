"""The full tier's figures: each bundled default judged on the CPU backend
against its reference's time on the same cases. Prints figures, asserts
nothing.

Usage: full_tier_benchmark.py --judge PATH --time-references PATH
           [--problem SLUG]... [--budget-minutes M] [--total-time-limit S]

Orders the problems by the size of their `full` tier (FLOPs plus the bytes
of their tensors, as `judge show --json` gives them), smallest first, then
one problem at a time times its reference on each `full` case
(time_references --tier full: one evaluation per case, inputs not timed)
and judges its bundled default: `judge --problem SLUG --backend cpu --tier
full --no-benchmark --json`. Per problem it prints the verdict, the
judging's wall time, the reference's time summed over the full cases, and
two ratios:

- wall / ref: the judging's wall time over the reference's time. The judge
  prepares every case once per seed (four seeds: two per thread-order pass),
  each preparation running the reference, and compiles first, so this ratio
  is at least 4 even for a solution that costs nothing;
- call / ref: the slowest case's solution call (the case's check seconds
  over its two calls per pass) over the reference's time on that case; the
  CPU backend's per-call limit is 100 times the reference's time (at least
  60 s), so a call / ref near 100 is near a TIME_LIMIT_EXCEEDED.

Ratios over 20 are marked `!`. A judging that kept its large tensors in
files (the host could not hold the case in memory; the report's
host_memory) says so under its row. When --budget-minutes runs out, the problems
not started yet are listed as not run, and a judging still running then is
cut (its --total-time-limit is what is left of the budget, at least 60 s)
and shown as CUT.
"""
import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

MARK_RATIO = 20.0
CALLS_PER_PASS = 2


def problem_slugs(judge_binary):
    listing = json.loads(subprocess.run([judge_binary, "list", "--json"], check=True, stdout=subprocess.PIPE,
                                        text=True).stdout)
    return [problem["slug"] for problem in listing["problems"]]


def full_tier_size(judge_binary, slug):
    """FLOPs plus tensor bytes over the problem's full cases: the order of the run, not a figure."""
    shown = json.loads(subprocess.run([judge_binary, "show", "--problem", slug, "--json"], check=True,
                                      stdout=subprocess.PIPE, text=True).stdout)
    return sum(case["flops"] + case["min_bytes"] for case in shown["cases"].get("full", []))


def reference_times(time_references, slug):
    """{case: seconds} of the reference on every full case of the problem."""
    out = subprocess.run([time_references, "--tier", "full", "--problem", slug], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True).stdout
    return {record["case"]: record["seconds"] for record in map(json.loads, out.splitlines())}


def judge(judge_binary, slug, total_time_limit, cache_dir):
    """(verdict, wall seconds, report or None) of the bundled default on the full tier."""
    with tempfile.TemporaryDirectory() as work:
        report_path = pathlib.Path(work) / "report.json"
        command = [judge_binary, "--problem", slug, "--backend", "cpu", "--tier", "full", "--no-benchmark",
                   "--quiet", "--json", str(report_path), "--total-time-limit", str(total_time_limit),
                   "--cache-dir", cache_dir]
        start = time.monotonic()
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        seconds = time.monotonic() - start
        report = json.loads(report_path.read_text()) if report_path.exists() else None
    if report is not None:
        return report["verdict"], seconds, report
    # The watchdog ends the judge without a report; its verdict is the last line.
    lines = done.stdout.strip().splitlines()
    return (lines[-1].split()[0] if lines else f"exit {done.returncode}"), seconds, None


def slowest_call_ratio(report, case_seconds):
    """Max over the checked cases of (solution seconds per call) / (reference seconds)."""
    worst = None
    for check in (report or {}).get("checks", []):
        reference = case_seconds.get(check["case"])
        if not reference:
            continue
        ratio = check["seconds"] / CALLS_PER_PASS / reference
        if worst is None or ratio > worst[0]:
            worst = (ratio, check["case"])
    return worst


def marked(ratio):
    if ratio is None:
        return f"{'-':>8} "
    return f"{ratio:8.1f}{'!' if ratio > MARK_RATIO else ' '}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--judge", required=True)
    parser.add_argument("--time-references", required=True)
    parser.add_argument("--problem", action="append", default=[], help="problem slug (repeatable; default: all)")
    parser.add_argument("--budget-minutes", type=float, default=0, help="start no judging after this (0: none)")
    parser.add_argument("--total-time-limit", type=float, default=14400, help="the judge's, per problem")
    args = parser.parse_args()

    start = time.monotonic()
    slugs = args.problem or problem_slugs(args.judge)
    order = sorted(slugs, key=lambda slug: full_tier_size(args.judge, slug))
    print(f"judging {len(order)} problems, smallest full tier first, one at a time, on {os.cpu_count()} cores",
          flush=True)
    header = (f"{'problem':58} {'verdict':20} {'wall s':>8} {'ref s':>8} {'wall/ref':>9} "
              f"{'call/ref':>9}  slowest case")
    print(header)
    print("-" * len(header), flush=True)
    rows, not_run = [], []
    with tempfile.TemporaryDirectory() as cache_dir:
        for slug in order:
            limit = args.total_time_limit
            if args.budget_minutes:
                left = 60 * args.budget_minutes - (time.monotonic() - start)
                if left <= 0:
                    not_run.append(slug)
                    continue
                limit = min(limit, max(60.0, left))
            times = reference_times(args.time_references, slug)
            reference = sum(times.values())
            verdict, wall, report = judge(args.judge, slug, limit, cache_dir)
            # The judge's total limit, cut down to the budget left, ended it:
            # with a verdict, or (its watchdog) with a message and no report.
            if (verdict == "TIME_LIMIT_EXCEEDED" or report is None) and limit < args.total_time_limit and \
                    wall >= limit:
                verdict = "CUT (budget)"
            worst = slowest_call_ratio(report, times)
            print(f"{slug:58} {verdict:20} {wall:8.1f} {reference:8.2f} "
                  f"{marked(wall / reference if reference > 0 else None)} {marked(worst[0] if worst else None)}  "
                  f"{worst[1] if worst else ''}", flush=True)
            if report is not None and report.get("message"):
                print(f"    {report['message'][:300]}", flush=True)
            if report is not None and report.get("host_memory"):
                print("    its large tensors were kept in files (slower): the host could not hold them in memory",
                      flush=True)
            rows.append((slug, verdict, wall, reference))
    print(f"\n{len(rows)} judged in {time.monotonic() - start:.0f} s: "
          f"{sum(1 for r in rows if r[1] == 'ACCEPTED')} ACCEPTED, "
          f"{sum(1 for r in rows if r[3] > 0 and r[2] / r[3] > MARK_RATIO)} with wall/ref over {MARK_RATIO:g}")
    if not_run:
        print(f"not run (budget of {args.budget_minutes:g} min spent): {' '.join(not_run)}")


if __name__ == "__main__":
    main()
