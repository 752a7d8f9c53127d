// The native baseline of both matmul workloads: C = A * B (size x size,
// inputs seeded 4 and 5) as the usual cache-friendly i-k-j loop, rows in
// parallel (vectorised by g++). Each C element accumulates its products in
// the same k order as the kernels.
#pragma once

#include <vector>

#include "harness/cpu/benchmark/workloads.h"

namespace workloads {

inline void time_ikj_matmul(const char* workload, int size) {
  const size_t count = size_t(size) * size;
  std::vector<float> a = make_input(count, 4), b = make_input(count, 5), c(count);
  time_and_report(workload, [&] {
#pragma omp parallel for schedule(static)
    for (int i = 0; i < size; ++i) {
      float* c_row = &c[size_t(i) * size];
      for (int j = 0; j < size; ++j) c_row[j] = 0.0f;
      for (int k = 0; k < size; ++k) {
        const float a_ik = a[size_t(i) * size + k];
        const float* b_row = &b[size_t(k) * size];
        for (int j = 0; j < size; ++j) c_row[j] += a_ik * b_row[j];
      }
    }
  });
  report_checksum(workload, c);
}

}  // namespace workloads
