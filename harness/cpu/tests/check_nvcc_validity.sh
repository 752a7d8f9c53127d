#!/usr/bin/env bash
# Proves that conformance programs are valid CUDA: compiles each given .cu
# file with the real nvcc for sm_80 and sm_90 (-c only, so no GPU and no
# libraries are needed), treating every warning as an error. The CPU backend
# must accept valid CUDA; a program nvcc rejects would test something else.
#
# Usage: check_nvcc_validity.sh <program.cu>...
# NVCC overrides the compiler path (default /usr/local/cuda/bin/nvcc).
set -euo pipefail

nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
if [[ ! -x "$nvcc" ]]; then
  echo "FAIL nvcc not found at $nvcc (set NVCC to the CUDA compiler)" >&2
  exit 2
fi
if [[ $# -eq 0 ]]; then
  echo "usage: $0 <program.cu>..." >&2
  exit 2
fi
work=${TEST_TMPDIR:-$(mktemp -d)}
failures=0
for program in "$@"; do
  name=$(basename "$program" .cu)
  log=$work/$name.nvcc.log
  if "$nvcc" -std=c++17 \
      -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 \
      -Werror all-warnings -I "$(dirname "$program")" \
      -c "$program" -o "$work/$name.o" >"$log" 2>&1; then
    echo "PASS nvcc sm_80+sm_90: $program"
  else
    echo "FAIL nvcc sm_80+sm_90: $program"
    cat "$log"
    failures=$((failures + 1))
  fi
done
exit $((failures > 0))
