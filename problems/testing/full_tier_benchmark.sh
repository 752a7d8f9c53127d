#!/usr/bin/env bash
# bazel run //problems/testing:full_tier_benchmark [-- --problem SLUG[,SLUG...] ... --solution SLUG/FILE.cu ...
#     --no-defaults --budget-minutes M]
# Judges every problem's bundled default, and the warp-shuffle solutions
# beside theirs (or the solutions named), on the `full` tier on the CPU
# backend, one at a time, and prints each wall time against the reference's
# time on the same cases (full_tier_benchmark.py says how to read the table).
# Hours for every problem on 2 cores: name problems or give a budget.
set -euo pipefail
export RUNFILES_DIR="${RUNFILES_DIR:-$0.runfiles}"
runfiles="${RUNFILES_DIR}/judge"
exec /usr/bin/python3 "${runfiles}/problems/testing/full_tier_benchmark.py" \
  --judge "${runfiles}/judge/judge" \
  --time-references "${runfiles}/problems/testing/time_references" \
  --solutions-dir "${runfiles}/solutions" "$@"
