#!/usr/bin/env bash
# Barrier splitting must produce code that compiles: cucc falls back to
# fibers when g++ rejects the split text, which would hide a splitter bug
# behind passing conformance runs. This compiles every conformance program
# with --split-barriers=force (no fallback) and fails on any error. Programs
# whose expectation says the compile itself must fail (refusals) are skipped.
#
# Usage: split_barriers_compile_test.sh <cucc> <program.cu>...
set -uo pipefail

cucc=$1
shift
work=${TEST_TMPDIR:-$(mktemp -d)}/split_compile
mkdir -p "$work"
failures=0
checked=0
for program in "$@"; do
  name=$(basename "$program" .cu)
  expect=${program%.cu}.expect
  if [[ -f "$expect" ]] && sed -n '/^\[compile\]/,/^\[run/p' "$expect" | grep -Eq '^exit *= *(nonzero|[1-9])'; then
    continue
  fi
  checked=$((checked + 1))
  if ! "$cucc" -v --split-barriers=force -O0 -c -I "$(dirname "$program")" -o "$work/$name.o" "$program" \
      >"$work/$name.log" 2>&1; then
    echo "FAIL $program: the split code does not compile:"
    grep -v '^g++ ' "$work/$name.log" | head -40
    failures=$((failures + 1))
    continue
  fi
  echo "PASS $program ($(grep -c 'loops over threads' "$work/$name.log") kernel(s) as loops over threads)"
done
if [[ $checked -eq 0 ]]; then
  echo "FAIL no program was checked"
  exit 1
fi
exit $((failures > 0))
