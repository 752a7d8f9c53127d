// Native baseline for emulated/tiled_matmul.cu: native/ikj_matmul.h at its size.
#include "harness/cpu/benchmark/native/ikj_matmul.h"

int main() {
  workloads::time_ikj_matmul("tiled_matmul", workloads::kMatmulSize);
  return 0;
}
