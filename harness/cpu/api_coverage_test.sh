#!/usr/bin/env bash
# Walks the toolkit's runtime API headers (cuda_runtime_api.h and
# cuda_profiler_api.h) and fails when a function is neither defined by the
# CPU runtime (libcucpu_runtime.a) nor refused by cucc at compile time with a
# message naming it: a program must never meet an undefined-symbol link error.
#
# Usage: api_coverage_test.sh <cucc> <libcucpu_runtime.a>
set -euo pipefail

cucc=$1
archive=$2
include=${CUDA_HOME:-/usr/local/cuda}/include
work=${TEST_TMPDIR:-$(mktemp -d)}

# Every `CUDARTAPI name(` declaration, once (the headers declare a few twice
# under different #if branches).
grep -ohP 'CUDARTAPI\s+\K\w+(?=\s*\()' "$include/cuda_runtime_api.h" "$include/cuda_profiler_api.h" |
  sort -u >"$work/declared"
declared=$(wc -l <"$work/declared")
if ((declared < 250)); then
  echo "FAIL: found only $declared functions in $include/cuda_runtime_api.h" >&2
  exit 1
fi

# Functions the runtime archive defines (extern "C", so unmangled).
nm --defined-only "$archive" 2>/dev/null | awk '$2 ~ /^[TW]$/ {print $3}' | sort -u >"$work/defined"
comm -23 "$work/declared" "$work/defined" >"$work/undefined"

# Each undefined function must be refused: one probe line per name, so the
# error's line number says which name it is about.
{
  echo '#include <cuda_profiler_api.h>'
  while read -r name; do echo "void probe_$name() { (void)&$name; }"; done <"$work/undefined"
} >"$work/probe.cu"
set +e
"$cucc" -c "$work/probe.cu" -o "$work/probe.o" >"$work/compile.log" 2>&1
set -e

missing=0
line=1
while read -r name; do
  line=$((line + 1))
  if ! grep -qE "probe\.cu:$line: error: .*$name.*not (supported|available)" "$work/compile.log"; then
    echo "MISSING $name: neither defined by the runtime nor refused by cucc with a message"
    missing=$((missing + 1))
  fi
done <"$work/undefined"

refused=$(wc -l <"$work/undefined")
echo "$declared runtime API functions: $((declared - refused)) implemented, $((refused - missing)) refused at compile time, $missing missing"
if ((missing > 0)); then
  echo "--- cucc output on the probe:"
  head -c 4000 "$work/compile.log"
  exit 1
fi
