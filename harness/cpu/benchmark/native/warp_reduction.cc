// Native baseline for emulated/warp_reduction.cu: the same additions in the
// same order, written as a CPU programmer would port the kernel: per chunk of
// 2 * kWarpReduceBlock elements, pairwise sums into a local array, then each
// 32-value warp slice is reduced by the shuffle tree (one loop per level, the
// lanes whose sums reach lane 0), and the warp sums, padded with zeros to 32
// like the kernel's first warp, by the same tree; chunks in parallel.
#include "harness/cpu/benchmark/native/chunk_driver.h"

using namespace workloads;

constexpr int kWarps = kWarpReduceBlock / kWarpSize;

// The kernel's warp_sum: lane 0's sum after the __shfl_down_sync tree.
static float warp_sum(float* lanes) {
  for (int offset = kWarpSize / 2; offset > 0; offset /= 2) {
    for (int lane = 0; lane < offset; ++lane) lanes[lane] += lanes[lane + offset];
  }
  return lanes[0];
}

// The sum of one chunk of 2 * kWarpReduceBlock values, as one block of the
// kernel.
static float reduce_chunk(const float* values) {
  float sums[kWarpReduceBlock];
  for (int t = 0; t < kWarpReduceBlock; ++t) sums[t] = values[t] + values[t + kWarpReduceBlock];
  float warp_sums[kWarpSize];
  for (int warp = 0; warp < kWarps; ++warp) warp_sums[warp] = warp_sum(&sums[warp * kWarpSize]);
  for (int lane = kWarps; lane < kWarpSize; ++lane) warp_sums[lane] = 0.0f;
  return warp_sum(warp_sums);
}

int main() {
  time_chunk_sums<kWarpReduceElements, 2 * kWarpReduceBlock, reduce_chunk>("warp_reduction", 8);
  return 0;
}
