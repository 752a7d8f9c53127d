// Per-block sums over 4 Mi floats with warp shuffles: each thread adds two
// elements, each warp reduces its values by a __shfl_down_sync tree (5
// shuffles), lane 0 of each warp stores the warp's sum in shared memory, and
// after one __syncthreads the first warp reduces the warp sums by the same
// tree. Measures warp collectives (which keep the kernel on fibers) next to
// tree_reduction's shared-memory tree.
#include "harness/cpu/benchmark/emulated/device_driver.h"

using namespace workloads;

constexpr int kWarps = kWarpReduceBlock / kWarpSize;

// The sum of `value` over the warp, in lane 0 (other lanes hold partial sums).
__device__ float warp_sum(float value) {
  for (int offset = kWarpSize / 2; offset > 0; offset /= 2) value += __shfl_down_sync(0xffffffffu, value, offset);
  return value;
}

__global__ void warp_reduction_kernel(const float* __restrict__ in, float* __restrict__ partial, int n) {
  __shared__ float warp_sums[kWarps];
  unsigned tid = threadIdx.x;
  unsigned lane = tid % kWarpSize, warp = tid / kWarpSize;
  unsigned i = blockIdx.x * (2 * kWarpReduceBlock) + tid;
  float value = i < unsigned(n) ? in[i] : 0.0f;
  if (i + kWarpReduceBlock < unsigned(n)) value += in[i + kWarpReduceBlock];
  value = warp_sum(value);
  if (lane == 0) warp_sums[warp] = value;
  __syncthreads();
  if (warp == 0) {
    value = warp_sum(lane < unsigned(kWarps) ? warp_sums[lane] : 0.0f);
    if (lane == 0) partial[blockIdx.x] = value;
  }
}

int main() {
  time_block_sums<kWarpReduceBlock>("warp_reduction", kWarpReduceElements, 8,
                                    [](int blocks, const float* in, float* partial, int n) {
                                      warp_reduction_kernel<<<blocks, kWarpReduceBlock>>>(in, partial, n);
                                    });
  return 0;
}
