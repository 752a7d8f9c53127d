// author: judge maintainers
// title: warp shuffles: one block per sample
//
// Layer normalisation the way fast kernels are usually written: one block of
// 1024 threads per sample, float throughout. The mean and then the biased
// variance (a second pass over the sample, so no cancellation) are each a block
// sum: a butterfly of __shfl_down_sync within every warp, the warps' partials
// through shared memory, and a last butterfly by the first warp. The sums are
// taken of the values less the sample's first value, so that a mean far from
// zero (inputs around 100) costs no precision.
#include <cuda_runtime.h>

#include <cstddef>

namespace {

constexpr unsigned kWarp = 32;
constexpr unsigned kFullMask = 0xffffffffu;
constexpr unsigned kThreads = 1024;
constexpr float kEpsilon = 1e-5f;

// Lane 0 gets the warp's sum.
__device__ float warp_sum(float value) {
  for (unsigned offset = kWarp / 2; offset > 0; offset /= 2) value += __shfl_down_sync(kFullMask, value, offset);
  return value;
}

// Every thread gets the block's sum. The last barrier lets the next call reuse
// `partial`.
__device__ float block_sum(float value) {
  __shared__ float partial[kThreads / kWarp];
  const unsigned lane = threadIdx.x % kWarp, warp = threadIdx.x / kWarp;
  value = warp_sum(value);
  if (lane == 0) partial[warp] = value;
  __syncthreads();
  if (warp == 0) {
    float first = lane < kThreads / kWarp ? partial[lane] : 0.0f;
    first = warp_sum(first);
    if (lane == 0) partial[0] = first;
  }
  __syncthreads();
  const float result = partial[0];
  __syncthreads();
  return result;
}

__global__ void __launch_bounds__(kThreads) layer_norm(const float* x, const float* gamma, const float* beta, float* y,
                                                       size_t n) {
  const float* in = x + blockIdx.x * n;
  float* out = y + blockIdx.x * n;
  const float pivot = in[0];

  float shifted = 0.0f;
  for (size_t k = threadIdx.x; k < n; k += kThreads) shifted += in[k] - pivot;
  const float shifted_total = block_sum(shifted);
  const float mean = pivot + shifted_total / static_cast<float>(n);

  float squares = 0.0f;
  for (size_t k = threadIdx.x; k < n; k += kThreads) {
    const float centred = in[k] - mean;
    squares += centred * centred;
  }
  const float squares_total = block_sum(squares);
  const float variance = squares_total / static_cast<float>(n);
  const float inv_std = rsqrtf(variance + kEpsilon);

  for (size_t k = threadIdx.x; k < n; k += kThreads) out[k] = (in[k] - mean) * inv_std * gamma[k] + beta[k];
}

}  // namespace

extern "C" void solution(const float* X, const float* gamma, const float* beta, float* Y, size_t B, size_t F,
                         size_t D1, size_t D2) {
  const size_t n = F * D1 * D2;
  if (B == 0 || n == 0) return;
  layer_norm<<<static_cast<unsigned>(B), kThreads>>>(X, gamma, beta, Y, n);
}
