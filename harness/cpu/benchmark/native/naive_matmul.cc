// Native baseline for emulated/naive_matmul.cu: native/ikj_matmul.h at its size.
#include "harness/cpu/benchmark/native/ikj_matmul.h"

int main() {
  workloads::time_ikj_matmul("naive_matmul", workloads::kNaiveMatmulSize);
  return 0;
}
