#!/usr/bin/env bash
# How long a CPU-backend `--benchmark` of a bundled default takes: judges
# it with `--tier none --benchmark --bench-tier TIER` (the benchmark alone,
# compiled beforehand so compiling is not counted) and prints each case's
# figure, noise bound and batch size as the judge printed them, then the
# benchmark's wall time. A figure, not a test.
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
start=$(date +%s.%N)
"$judge" --problem "$problem" --backend cpu --tier none --benchmark --bench-tier "$tier" --cache-dir "$cache" "$@" 2>&1 |
  sed -n '/noise bound/p; /^[A-Z_]*  /p; /^case /,$p'
end=$(date +%s.%N)
awk -v a="$start" -v b="$end" -v p="$problem" -v t="$tier" -v cores="$(nproc)" \
  'BEGIN { printf "benchmark of %s, %s tier, CPU backend: %.1f s of wall time on %d cores\n", p, t, b - a, cores }'
