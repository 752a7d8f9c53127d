// Native baseline for emulated/gelu.cu: the same exact GELU as a plain loop,
// parallelised with OpenMP.
#include <cmath>

#include "harness/cpu/benchmark/workloads.h"

int main() {
  const int64_t n = workloads::kGeluElements;
  std::vector<float> x = workloads::make_input(n, 1), y(n);
  workloads::time_and_report("gelu", [&] {
#pragma omp parallel for schedule(static)
    for (int64_t i = 0; i < n; ++i) {
      float v = x[i];
      y[i] = 0.5f * v * (1.0f + std::erf(v * 0.70710678118654752f));
    }
  });
  workloads::report_checksum("gelu", y);
  return 0;
}
