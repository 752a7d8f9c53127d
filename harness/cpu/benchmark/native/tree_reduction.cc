// Native baseline for emulated/tree_reduction.cu: the same additions in the
// same order, written as a CPU programmer would port the kernel: per chunk of
// 2 * kReduceBlock elements, pairwise sums into a local array, then one loop
// per tree level (which g++ vectorises), chunks in parallel.
#include "harness/cpu/benchmark/native/chunk_driver.h"

using namespace workloads;

// The sum of one chunk of 2 * kReduceBlock values, as one block of the kernel.
static float reduce_chunk(const float* values) {
  float sums[kReduceBlock];
  for (int t = 0; t < kReduceBlock; ++t) sums[t] = values[t] + values[t + kReduceBlock];
  for (int stride = kReduceBlock / 2; stride > 0; stride >>= 1) {
    for (int t = 0; t < stride; ++t) sums[t] += sums[t + stride];
  }
  return sums[0];
}

int main() {
  time_chunk_sums<kReduceElements, 2 * kReduceBlock, reduce_chunk>("tree_reduction", 7);
  return 0;
}
