#!/usr/bin/env bash
# Prints, per workload, the time of the CUDA kernel run on the CPU backend
# (compiled by cucc) next to the same computation as native C++ (g++ -O3,
# OpenMP) on the same data, and their ratio. Both sides run one warm-up and
# kRepetitions timed runs (workloads.h); the table shows the best and the
# median. Checksums of the two outputs must agree, or the row is marked.
#
# Usage: compare.sh <workload>=<emulated binary>:<native binary>...
# Environment: CUCPU_WORKERS (backend workers) and OMP_NUM_THREADS (native
# threads) default to the number of CPUs, so both sides use the same cores.
set -euo pipefail

cpus=$(nproc)
export CUCPU_WORKERS=${CUCPU_WORKERS:-$cpus}
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-$cpus}

# field <line> <key>: the value of key=value in a result line.
field() { sed -n "s/.*\b$2=\([^ ]*\).*/\1/p" <<<"$1"; }

# measure <binary> <workload>: prints "best median checksum".
measure() {
  local output result checksum_line
  if ! output=$("$1" 2>&1); then
    echo "error: $1 failed:" >&2
    echo "$output" >&2
    return 1
  fi
  result=$(grep "^result workload=$2 " <<<"$output") || {
    echo "error: $1 printed no result line for $2:" >&2
    echo "$output" >&2
    return 1
  }
  checksum_line=$(grep "^checksum workload=$2 " <<<"$output")
  echo "$(field "$result" best_ms) $(field "$result" median_ms) $(field "$checksum_line" value)"
}

echo "CPU backend vs native C++ on $(hostname): $cpus CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "emulated: cucc -O3, CUCPU_WORKERS=$CUCPU_WORKERS | baseline: native g++ -O3 -fopenmp, OMP_NUM_THREADS=$OMP_NUM_THREADS"
echo "times in ms over 5 runs after a warm-up; ratio = emulated / native (median)"
printf '%-14s %12s %12s %12s %12s %8s  %s\n' workload emul_best emul_median native_best native_median ratio outputs
status=0
for spec in "$@"; do
  workload=${spec%%=*}
  binaries=${spec#*=}
  emulated=${binaries%%:*}
  native=${binaries#*:}
  read -r e_best e_median e_sum < <(measure "$emulated" "$workload") || { status=1; continue; }
  read -r n_best n_median n_sum < <(measure "$native" "$workload") || { status=1; continue; }
  verdict=$(awk -v a="$e_sum" -v b="$n_sum" \
    'BEGIN { d = a - b; if (d < 0) d = -d; print (d <= 1e-4 * (b < 0 ? -b : b)) ? "match" : "DIFFER" }')
  [[ $verdict == match ]] || status=1
  ratio=$(awk -v e="$e_median" -v n="$n_median" 'BEGIN { printf "%.2fx", e / n }')
  printf '%-14s %12s %12s %12s %12s %8s  %s\n' "$workload" "$e_best" "$e_median" "$n_best" "$n_median" \
    "$ratio" "$verdict"
done
exit $status
