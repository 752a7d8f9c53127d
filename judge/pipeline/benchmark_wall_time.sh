#!/usr/bin/env bash
# How long a CPU-backend `--benchmark` of a bundled default takes: judges
# it with `--tier none --benchmark --bench-tier TIER` (the benchmark alone,
# compiled beforehand so compiling is not counted) and prints each case's
# figure, noise bound and batch size as the judge printed them, why each
# case's timing stopped and the wall time it took (from --json), then the
# benchmark's wall and CPU time (the judge and its runners) and the load
# average before and after, since the machine may be shared. A figure, not
# a test. Extra flags go to the judge, e.g. --bench-budget 0 (no budget)
# or --bench-budget 300.
#
#   bazel run //judge/pipeline:benchmark_wall_time -- [PROBLEM] [TIER] [extra judge flags...]
set -euo pipefail
problem=${1:-softmax}
tier=${2:-full}
shift $(( $# > 2 ? 2 : $# ))
judge="${RUNFILES_DIR:-$0.runfiles}/judge/judge/judge"
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT

# Compiled once first, so the timed judging finds the library in the cache.
"$judge" --problem "$problem" --backend cpu --tier none --no-benchmark --cache-dir "$cache" "$@" >/dev/null 2>&1 || true
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
TIMEFORMAT='%R %U %S'
{ time "$judge" --problem "$problem" --backend cpu --tier none --benchmark --bench-tier "$tier" --cache-dir "$cache" \
    --json "$cache/report.json" "$@" 2>&1 |
    sed -n '/noise bound/p; /^[A-Z_][A-Z_]*  /p; /^case /,$p'; } 2>"$cache/times"
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
if command -v jq >/dev/null && [ -s "$cache/report.json" ]; then
  echo "case                          stopped         batches  seconds (warm-up, batches, verification)"
  jq -r '.benchmarks[] | [.case, .measurement.stop_reason, .runs, .measurement.case_seconds] | @tsv' \
    "$cache/report.json" | awk -F'\t' '{ printf "%-29s %-15s %7d %8.1f\n", $1, $2, $3, $4 }'
fi
read -r wall user sys <"$cache/times"
awk -v wall="$wall" -v cpu="$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" -v p="$problem" -v t="$tier" \
  -v cores="$(nproc)" -v before="$load_before" -v after="$load_after" \
  'BEGIN { printf "benchmark of %s, %s tier, CPU backend: %.1f s of wall time, %.1f s of CPU time, on %d cores; " \
                  "load average %s before, %s after\n", p, t, wall, cpu, cores, before, after }'
