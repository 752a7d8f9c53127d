#!/usr/bin/env bash
# The sandbox's overhead on judging time: judges a problem's bundled solution
# N times confined and N times with --no-sandbox, interleaved, on the CPU
# backend with a warm cache (so compiling is not measured), and prints the
# median wall time of each and their ratio. A figure, not a test.
#
#   bazel run //judge/pipeline:sandbox_overhead -- [PROBLEM] [N] [extra judge flags...]
set -euo pipefail
problem=${1:-conv-transpose-2d-asym-input-asym-kernel-strided-grouped}
runs=${2:-5}
shift $(( $# > 2 ? 2 : $# ))
judge="${RUNFILES_DIR:-$0.runfiles}/judge/judge/judge"
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT

one() {  # prints the wall time of one judging, in seconds
  local start end
  start=$(date +%s.%N)
  "$judge" --problem "$problem" --backend cpu --cache-dir "$cache" "$@" >/dev/null 2>&1 || {
    echo "sandbox_overhead: judging failed: $judge --problem $problem $*" >&2
    exit 1
  }
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { print b - a }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

one "$@" >/dev/null                # warm the cache
one --no-sandbox "$@" >/dev/null
confined=() unconfined=()
for ((i = 0; i < runs; ++i)); do
  confined+=("$(one "$@")")
  unconfined+=("$(one --no-sandbox "$@")")
done
with=$(printf '%s\n' "${confined[@]}" | median)
without=$(printf '%s\n' "${unconfined[@]}" | median)
printf 'problem %s, %d runs each, flags: %s\n' "$problem" "$runs" "${*:-(none)}"
printf 'median judging time: %.3f s sandboxed, %.3f s with --no-sandbox; ratio %.3f\n' \
  "$with" "$without" "$(awk -v a="$with" -v b="$without" 'BEGIN { print a / b }')"
