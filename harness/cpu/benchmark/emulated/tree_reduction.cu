// Per-block sums over 4 Mi floats: each thread adds two elements into shared
// memory, then a tree reduction halves the active threads per level with a
// __syncthreads after each (9 barriers per thread). Measures barriers in a
// loop with a divergent branch inside.
#include "harness/cpu/benchmark/emulated/device_driver.h"

using namespace workloads;

__global__ void tree_reduction_kernel(const float* __restrict__ in, float* __restrict__ partial, int n) {
  __shared__ float sums[kReduceBlock];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (2 * kReduceBlock) + tid;
  float value = i < unsigned(n) ? in[i] : 0.0f;
  if (i + kReduceBlock < unsigned(n)) value += in[i + kReduceBlock];
  sums[tid] = value;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) sums[tid] += sums[tid + stride];
    __syncthreads();
  }
  if (tid == 0) partial[blockIdx.x] = sums[0];
}

int main() {
  time_block_sums<kReduceBlock>("tree_reduction", kReduceElements, 7,
                                [](int blocks, const float* in, float* partial, int n) {
                                  tree_reduction_kernel<<<blocks, kReduceBlock>>>(in, partial, n);
                                });
  return 0;
}
