// Native baseline for emulated/tree_reduction.cu: the same additions in the
// same order, written as a CPU programmer would port the kernel: per chunk of
// 2 * kReduceBlock elements, pairwise sums into a local array, then one loop
// per tree level (which g++ vectorises), chunks in parallel.
#include "harness/cpu/benchmark/workloads.h"

using namespace workloads;

int main() {
  const int n = kReduceElements;
  const int chunk_size = 2 * kReduceBlock;
  const int chunks = n / chunk_size;
  std::vector<float> x = make_input(n, 7), partial(chunks);
  time_and_report("tree_reduction", [&] {
#pragma omp parallel for schedule(static)
    for (int chunk = 0; chunk < chunks; ++chunk) {
      const float* values = &x[size_t(chunk) * chunk_size];
      float sums[kReduceBlock];
      for (int t = 0; t < kReduceBlock; ++t) sums[t] = values[t] + values[t + kReduceBlock];
      for (int stride = kReduceBlock / 2; stride > 0; stride >>= 1) {
        for (int t = 0; t < stride; ++t) sums[t] += sums[t + stride];
      }
      partial[chunk] = sums[0];
    }
  });
  report_checksum("tree_reduction", partial);
  return 0;
}
