#!/bin/bash
# philox.h is usable from CUDA device code: nvcc compiles the device check
# (judge/problem/philox_device_check.cu), which fills on the GPU with
# uniform_element. Running it needs a GPU; see the file's comment.
set -eu
ROOT="${TEST_SRCDIR}/judge"
/usr/local/cuda/bin/nvcc -std=c++17 -arch=sm_80 -I"${ROOT}" -c "${ROOT}/judge/problem/philox_device_check.cu" \
  -o "${TEST_TMPDIR}/philox_device_check.o"
echo "philox.h compiles as CUDA device code"
