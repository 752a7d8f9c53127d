"""The full tier's figures: each bundled default, and the bundled solutions
named beside it, judged on the CPU backend against its reference's time on
the same cases. Prints figures, asserts nothing.

Usage: full_tier_benchmark.py --judge PATH --time-references PATH --solutions-dir DIR
           [--problem SLUG[,SLUG...]]... [--solution SLUG/FILE.cu]...
           [--no-defaults | --defaults-only] [--budget-minutes M] [--total-time-limit S]

The problems are those named with --problem and those of the solutions
named with --solution; without either, every problem. They are
ordered by the size of their `full` tier (FLOPs plus the bytes of their
tensors, as `judge show --json` gives them), smallest first; then one
problem at a time times its reference on each `full` case (time_references
--tier full: one evaluation per case, inputs not timed) and judges its
bundled default (`judge --problem SLUG --backend cpu --tier full
--no-benchmark --json`), then each extra solution of that problem, each on
a row of its own. The extra solutions are the warp-shuffle ones below
(EXTRA_SOLUTIONS: their rows show what warp collectives cost the CPU
backend next to the defaults, which have none) plus those named with
--solution (a path under solutions/); --no-defaults judges only the extra
solutions, --defaults-only only the defaults. Per row it prints the
verdict, the judging's wall time, the reference's time summed over the full
cases, and three ratios:

- wall / ref: the judging's wall time over the reference's time. The judge
  prepares every case once per seed (four seeds: two per thread-order pass),
  each preparation running the reference, and compiles first, so this ratio
  is at least 4 even for a solution that costs nothing;
- call / ref: the slowest case's solution call over the reference's time
  on that case, the call as the runner timed it (its clock around the
  solution's call alone: the CPU backend's speed). The judge's case seconds
  also hold each call's round trip (inputs written to and read from the
  exchange folder, outputs filled, read back and compared: for the largest
  cases more than the reference's whole time, even for a solution that
  does nothing);
- trip / ref: the same with the round trip, the case's check seconds over
  its two calls per pass. The CPU backend's per-call limit is 100 times the
  reference's time (at least 60 s) by this clock, so a trip / ref near 100
  is near a TIME_LIMIT_EXCEEDED.

Ratios over 20 are marked `!`. A judging that kept its large tensors in
files (the host could not hold the case in memory; the report's
host_memory) says so under its row. When --budget-minutes runs out, the
judgings not started yet are listed as not run, and a judging still running
then is cut (its --total-time-limit is what is left of the budget, at least
60 s) and shown as CUT.

Only the warp-shuffle solutions, on their four problems:
`full_tier_benchmark.py ... --no-defaults` (with their defaults' rows:
`--problem softmax,layer-norm,cumsum,sum-dim`).
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
# Bundled solutions judged beside their problem's default whenever the
# problem is run: block and warp reductions written with shuffles, and a
# warp scan.
EXTRA_SOLUTIONS = (
    "softmax/warp_shuffle.cu",
    "layer-norm/warp_shuffle.cu",
    "cumsum/warp_shuffle.cu",
    "sum-dim/warp_shuffle.cu",
)


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


def solution_paths(solutions_dir, named):
    """{slug: [absolute path, ...]} of the named solutions (SLUG/FILE.cu under solutions_dir), in order."""
    by_slug = {}
    for name in named:
        parts = pathlib.PurePosixPath(name).parts
        # Bazel's runfiles are links; the judge refuses to follow one, so pass the file itself.
        path = pathlib.Path(os.path.realpath(pathlib.Path(solutions_dir, name)))
        if len(parts) != 2 or not name.endswith(".cu") or not path.is_file():
            sys.exit(f"full_tier_benchmark: --solution {name}: not a bundled solution; "
                     f"want SLUG/FILE.cu, a file under solutions/ (e.g. {EXTRA_SOLUTIONS[0]})")
        if path not in by_slug.setdefault(parts[0], []):
            by_slug[parts[0]].append(path)
    return by_slug


def judge(judge_binary, slug, solution, total_time_limit, cache_dir):
    """(verdict, wall seconds, report or None) of one solution (None: the bundled default) on the full tier."""
    with tempfile.TemporaryDirectory() as work:
        report_path = pathlib.Path(work) / "report.json"
        command = [judge_binary, "--problem", slug, "--backend", "cpu", "--tier", "full", "--no-benchmark",
                   "--quiet", "--json", str(report_path), "--total-time-limit", str(total_time_limit),
                   "--cache-dir", cache_dir]
        if solution is not None:
            command += ["--solution", str(solution)]
        start = time.monotonic()
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        seconds = time.monotonic() - start
        report = json.loads(report_path.read_text()) if report_path.exists() else None
    if report is not None:
        return report["verdict"], seconds, report
    # The watchdog ends the judge without a report; its verdict is the last line.
    lines = done.stdout.strip().splitlines()
    return (lines[-1].split()[0] if lines else f"exit {done.returncode}"), seconds, None


def slowest_call_ratio(report, case_seconds, field):
    """Max over the checked cases of (seconds per call by `field`) / (reference seconds), and that case."""
    worst = None
    for check in (report or {}).get("checks", []):
        reference = case_seconds.get(check["case"])
        if not reference or field not in check:
            continue
        ratio = check[field] / CALLS_PER_PASS / reference
        if worst is None or ratio > worst[0]:
            worst = (ratio, check["case"])
    return worst


def marked(ratio):
    if ratio is None:
        return f"{'-':>8} "
    return f"{ratio:8.1f}{'!' if ratio > MARK_RATIO else ' '}"


def judgings(slug, extras, args):
    """[(label, solution path or None for the default)] to judge for one problem, in order."""
    rows = [] if args.no_defaults else [("default.cu", None)]
    if not args.defaults_only:
        # A named default.cu is the default's row, judged once.
        rows += [(path.name, path) for path in extras.get(slug, []) if not (rows and path.name == "default.cu")]
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--judge", required=True)
    parser.add_argument("--time-references", required=True)
    parser.add_argument("--solutions-dir", required=True, help="the bundled solutions/ folder")
    parser.add_argument("--problem", action="append", default=[],
                        help="problem slug, or several separated by commas (repeatable; default: all)")
    parser.add_argument("--solution", action="append", default=[], metavar="SLUG/FILE.cu",
                        help="a bundled solution judged after its problem's default (repeatable)")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--no-defaults", action="store_true", help="judge only the extra solutions")
    which.add_argument("--defaults-only", action="store_true", help="judge only the defaults")
    parser.add_argument("--budget-minutes", type=float, default=0, help="start no judging after this (0: none)")
    parser.add_argument("--total-time-limit", type=float, default=14400, help="the judge's, per judging")
    args = parser.parse_args()

    start = time.monotonic()
    named = solution_paths(args.solutions_dir, args.solution)
    extras = solution_paths(args.solutions_dir, EXTRA_SOLUTIONS)
    for slug, paths in named.items():
        extras[slug] = extras.get(slug, []) + [path for path in paths if path not in extras.get(slug, [])]
    slugs = [slug for group in args.problem for slug in group.split(",") if slug] + list(named)
    slugs = slugs or problem_slugs(args.judge)
    slugs = [slug for slug in dict.fromkeys(slugs) if judgings(slug, extras, args)]
    order = sorted(slugs, key=lambda slug: full_tier_size(args.judge, slug))
    planned = [(slug, label, path) for slug in order for label, path in judgings(slug, extras, args)]
    print(f"judging {len(planned)} solutions of {len(order)} problems, smallest full tier first, one at a time, "
          f"on {os.cpu_count()} cores", flush=True)
    header = (f"{'problem':58} {'solution':20} {'verdict':20} {'wall s':>8} {'ref s':>8} {'wall/ref':>9} "
              f"{'call/ref':>9} {'trip/ref':>9}  slowest call")
    print(header)
    print("-" * len(header), flush=True)
    rows, not_run = [], []
    times_by_slug = {}
    with tempfile.TemporaryDirectory() as cache_dir:
        for slug, label, path in planned:
            limit = args.total_time_limit
            if args.budget_minutes:
                left = 60 * args.budget_minutes - (time.monotonic() - start)
                if left <= 0:
                    not_run.append(f"{slug}/{label}")
                    continue
                limit = min(limit, max(60.0, left))
            if slug not in times_by_slug:
                times_by_slug[slug] = reference_times(args.time_references, slug)
            times = times_by_slug[slug]
            reference = sum(times.values())
            verdict, wall, report = judge(args.judge, slug, path, limit, cache_dir)
            # The judge's total limit, cut down to the budget left, ended it:
            # with a verdict, or (its watchdog) with a message and no report.
            if (verdict == "TIME_LIMIT_EXCEEDED" or report is None) and limit < args.total_time_limit and \
                    wall >= limit:
                verdict = "CUT (budget)"
            worst = slowest_call_ratio(report, times, "call_seconds")
            worst_trip = slowest_call_ratio(report, times, "seconds")
            print(f"{slug:58} {label:20} {verdict:20} {wall:8.1f} {reference:8.2f} "
                  f"{marked(wall / reference if reference > 0 else None)} {marked(worst[0] if worst else None)} "
                  f"{marked(worst_trip[0] if worst_trip else None)}  {worst[1] if worst else ''}", flush=True)
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
