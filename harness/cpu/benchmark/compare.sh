#!/usr/bin/env bash
# Prints, per workload, the time of the CUDA kernel run on the CPU backend
# (compiled by cucc) next to the same computation as native C++ (g++ -O3 with
# the vector width cucc uses, OpenMP) on the same data, and their ratio. Both sides run one warm-up and
# kRepetitions timed runs (workloads.h); the table shows the best and the
# median. Checksums of the two outputs must agree, or the row is marked.
#
# Usage: compare.sh <workload>=<emulated binary>:<native binary>[:<goal>]...
# where <goal> is the backend's target ratio for the workload (e.g. 1.5); the
# table then says whether the CPU-time ratio meets it. Missing a goal is a
# finding to report, not a failure; differing outputs or a failed run are.
# Environment: CUCPU_WORKERS (backend workers) and OMP_NUM_THREADS (native
# threads) default to the number of CPUs, so both sides use the same cores;
# OMP_WAIT_POLICY defaults to passive.
set -euo pipefail

cpus=$(nproc)
export CUCPU_WORKERS=${CUCPU_WORKERS:-$cpus}
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-$cpus}
# Idle OpenMP threads sleep instead of spinning: spinning would bill CPU time
# to the baseline and steal cores from other processes on a shared machine.
export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive}

# field <line> <key>: the value of key=value in a result line.
field() { sed -n "s/.*\b$2=\([^ ]*\).*/\1/p" <<<"$1"; }

# measure <binary> <workload>: prints "best median cpu_median checksum".
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
  echo "$(field "$result" best_ms) $(field "$result" median_ms) $(field "$result" cpu_median_ms)" \
    "$(field "$checksum_line" value)"
}

echo "CPU backend vs native C++ on $(hostname): $cpus CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "emulated: cucc -O3 (AVX2/FMA where the CPU has them, no contraction, no FP traps), CUCPU_WORKERS=$CUCPU_WORKERS | baseline: native g++ -O3 -mavx2 -mfma -ffp-contract=off -fno-trapping-math -fopenmp, OMP_NUM_THREADS=$OMP_NUM_THREADS OMP_WAIT_POLICY=$OMP_WAIT_POLICY"
echo "ms over 5 runs after a warm-up: wall-clock best and median, and median process CPU time (all threads)"
echo "ratio = emulated / native: of the wall-clock medians, and of the CPU-time medians; goal: on the CPU-time ratio"
printf '%-13s %10s %10s %10s | %10s %10s %10s | %8s %8s  %-7s %s\n' workload emul_best emul_med emul_cpu \
  nat_best nat_med nat_cpu wall_x cpu_x outputs goal
status=0
for spec in "$@"; do
  workload=${spec%%=*}
  binaries=${spec#*=}
  IFS=: read -r emulated native goal kernels <<<"$binaries"
  read -r e_best e_median e_cpu e_sum < <(measure "$emulated" "$workload") || { status=1; continue; }
  read -r n_best n_median n_cpu n_sum < <(measure "$native" "$workload") || { status=1; continue; }
  verdict=$(awk -v a="$e_sum" -v b="$n_sum" \
    'BEGIN { d = a - b; if (d < 0) d = -d; print (d <= 1e-4 * (b < 0 ? -b : b)) ? "match" : "DIFFER" }')
  [[ $verdict == match ]] || status=1
  wall_ratio=$(awk -v e="$e_median" -v n="$n_median" 'BEGIN { printf "%.2fx", e / n }')
  cpu_ratio=$(awk -v e="$e_cpu" -v n="$n_cpu" 'BEGIN { printf "%.2fx", e / n }')
  goal_text=-
  if [[ -n "$goal" ]]; then
    goal_text=$(awk -v e="$e_cpu" -v n="$n_cpu" -v g="$goal" \
      'BEGIN { printf "%s %sx", (e / n <= g) ? "meets" : "misses", g }')
  fi
  # The emulated build's `cucc -v` lines, when given: how many of its
  # kernels run on fibers, and why, rather than as loops over threads.
  on_fibers=
  if [[ -n "$kernels" ]]; then
    on_fibers=$(awk '/^cucc: kernel / { n++; if (/\(fibers\)$/) f++ } END { printf "  fibers: %d of %d kernels", f, n }' "$kernels")
    fiber_kernels+=$(sed -n "/(fibers)\$/s/^/  $workload: /p" "$kernels")
  fi
  printf '%-13s %10s %10s %10s | %10s %10s %10s | %8s %8s  %-7s %s%s\n' "$workload" "$e_best" "$e_median" "$e_cpu" \
    "$n_best" "$n_median" "$n_cpu" "$wall_ratio" "$cpu_ratio" "$verdict" "$goal_text" "$on_fibers"
done
if [[ -n "${fiber_kernels:-}" ]]; then
  echo "kernels on fibers:"
  echo "$fiber_kernels"
fi
exit $status
