// author: judge maintainers
// title: baseline: per-block partial sums, then one block adds them in order
//
// Correct, straightforward solution for mse-loss. Kernel 1: each thread sums
// its grid-stride share of squared differences, each block reduces its
// threads' sums in shared memory and writes one partial. Kernel 2: one block
// adds the partials and divides by the element count. No atomics, so the
// result does not depend on the order the blocks run in.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;
constexpr unsigned kMaxBlocks = 1024;

__global__ void partial_sums(const float* p, const float* t, size_t count, float* partials) {
  __shared__ float sums[kThreads];
  float sum = 0.0f;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    const float d = p[i] - t[i];
    sum += d * d;
  }
  sums[threadIdx.x] = sum;
  __syncthreads();
  for (unsigned stride = kThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) sums[threadIdx.x] += sums[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) partials[blockIdx.x] = sums[0];
}

__global__ void finish(const float* partials, unsigned blocks, size_t count, float* output) {
  __shared__ float sums[kThreads];
  float sum = 0.0f;
  for (unsigned b = threadIdx.x; b < blocks; b += blockDim.x) sum += partials[b];
  sums[threadIdx.x] = sum;
  __syncthreads();
  for (unsigned stride = kThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) sums[threadIdx.x] += sums[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) output[0] = sums[0] / static_cast<float>(count);
}

}  // namespace

extern "C" void solution(const float* predictions, const float* targets, float* output, const size_t* shape,
                         size_t ndim) {
  size_t extents[8];
  cudaMemcpy(extents, shape, ndim * sizeof(size_t), cudaMemcpyDeviceToHost);
  size_t count = 1;
  for (size_t i = 0; i < ndim; ++i) count *= extents[i];
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, kMaxBlocks));
  float* partials = nullptr;
  cudaMalloc(&partials, blocks * sizeof(float));
  partial_sums<<<blocks, kThreads>>>(predictions, targets, count, partials);
  finish<<<1, kThreads>>>(partials, blocks, count, output);
  cudaFree(partials);
}
