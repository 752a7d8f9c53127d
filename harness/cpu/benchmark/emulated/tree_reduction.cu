// Per-block sums over 4 Mi floats: each thread adds two elements into shared
// memory, then a tree reduction halves the active threads per level with a
// __syncthreads after each (9 barriers per thread). Measures barriers in a
// loop with a divergent branch inside.
#include "harness/cpu/benchmark/emulated/cuda_check.h"
#include "harness/cpu/benchmark/workloads.h"

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
  const int n = kReduceElements;
  const int blocks = n / (2 * kReduceBlock);
  std::vector<float> x = make_input(n, 7), partial(blocks);
  float *d_x, *d_partial;
  BENCH_CUDA(cudaMalloc(&d_x, n * sizeof(float)));
  BENCH_CUDA(cudaMalloc(&d_partial, blocks * sizeof(float)));
  BENCH_CUDA(cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  time_and_report("tree_reduction", [&] {
    tree_reduction_kernel<<<blocks, kReduceBlock>>>(d_x, d_partial, n);
    BENCH_CUDA(cudaGetLastError());
    BENCH_CUDA(cudaDeviceSynchronize());
  });
  BENCH_CUDA(cudaMemcpy(partial.data(), d_partial, blocks * sizeof(float), cudaMemcpyDeviceToHost));
  report_checksum("tree_reduction", partial);
  return 0;
}
