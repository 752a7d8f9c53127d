// author: judge maintainers
// title: warp shuffles: one block per line
//
// Softmax the way fast kernels are usually written: one block per line, sized
// so that each thread takes about four of the line's values. The line's maximum
// and its sum of exp(x - max) are each a block reduction: a butterfly of
// __shfl_xor_sync within every warp, the warps' partials through shared memory,
// and a last butterfly by the first warp. Lines lie along any dimension: a line
// is `extent` values `inner` apart (contiguous when `dim` is the last one).
#include <cuda_runtime.h>

#include <cfloat>
#include <cstddef>
#include <vector>

namespace {

constexpr unsigned kWarp = 32;
constexpr unsigned kFullMask = 0xffffffffu;
constexpr unsigned kMaxThreads = 256;
constexpr size_t kValuesPerThread = 4;

// Every lane gets the warp's maximum / sum.
__device__ float warp_max(float value) {
  for (unsigned offset = kWarp / 2; offset > 0; offset /= 2) {
    const float other = __shfl_xor_sync(kFullMask, value, offset);
    value = fmaxf(value, other);
  }
  return value;
}

__device__ float warp_sum(float value) {
  for (unsigned offset = kWarp / 2; offset > 0; offset /= 2) value += __shfl_xor_sync(kFullMask, value, offset);
  return value;
}

// Every thread gets the block's maximum / sum (blockDim.x a multiple of 32).
// The last barrier lets the next call reuse `partial`.
__device__ float block_max(float value) {
  __shared__ float partial[kWarp];
  const unsigned lane = threadIdx.x % kWarp, warp = threadIdx.x / kWarp;
  value = warp_max(value);
  if (lane == 0) partial[warp] = value;
  __syncthreads();
  if (warp == 0) {
    float first = lane < blockDim.x / kWarp ? partial[lane] : -FLT_MAX;
    first = warp_max(first);
    if (lane == 0) partial[0] = first;
  }
  __syncthreads();
  const float result = partial[0];
  __syncthreads();
  return result;
}

__device__ float block_sum(float value) {
  __shared__ float partial[kWarp];
  const unsigned lane = threadIdx.x % kWarp, warp = threadIdx.x / kWarp;
  value = warp_sum(value);
  if (lane == 0) partial[warp] = value;
  __syncthreads();
  if (warp == 0) {
    float first = lane < blockDim.x / kWarp ? partial[lane] : 0.0f;
    first = warp_sum(first);
    if (lane == 0) partial[0] = first;
  }
  __syncthreads();
  const float result = partial[0];
  __syncthreads();
  return result;
}

// Block b takes line b; threads past the line's end take part in the
// reductions with the identity, so every thread reaches every collective.
__global__ void softmax_lines(const float* input, float* output, size_t extent, size_t inner) {
  const size_t line = blockIdx.x;
  const size_t base = (line / inner) * extent * inner + line % inner;
  const float* x = input + base;
  float* y = output + base;

  float local_max = -FLT_MAX;
  for (size_t k = threadIdx.x; k < extent; k += blockDim.x) local_max = fmaxf(local_max, x[k * inner]);
  const float max = block_max(local_max);

  float local_sum = 0.0f;
  for (size_t k = threadIdx.x; k < extent; k += blockDim.x) local_sum += expf(x[k * inner] - max);
  const float sum = block_sum(local_sum);

  const float inverse = 1.0f / sum;
  for (size_t k = threadIdx.x; k < extent; k += blockDim.x) y[k * inner] = expf(x[k * inner] - max) * inverse;
}

// Whole warps, about kValuesPerThread values each, at most kMaxThreads.
unsigned threads_for(size_t extent) {
  const size_t warps = (extent + kWarp * kValuesPerThread - 1) / (kWarp * kValuesPerThread);
  return static_cast<unsigned>(warps * kWarp < kMaxThreads ? warps * kWarp : kMaxThreads);
}

}  // namespace

extern "C" void solution(const float* input, int dim, float* output, const size_t* shape, size_t ndim) {
  std::vector<size_t> extents(ndim);
  cudaMemcpy(extents.data(), shape, ndim * sizeof(size_t), cudaMemcpyDeviceToHost);
  size_t outer = 1, inner = 1;
  for (size_t i = 0; i < ndim; ++i) {
    if (static_cast<int>(i) < dim) outer *= extents[i];
    if (static_cast<int>(i) > dim) inner *= extents[i];
  }
  const size_t lines = outer * inner;
  if (lines == 0 || extents[dim] == 0) return;
  softmax_lines<<<static_cast<unsigned>(lines), threads_for(extents[dim])>>>(input, output, extents[dim], inner);
}
