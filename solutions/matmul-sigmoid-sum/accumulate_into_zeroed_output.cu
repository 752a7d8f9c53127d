// author: judge maintainers
// title: block sums atomically added into the zeroed output
//
// Each block's total is added to the output without setting it first: the
// judge, like Tensara, zero-fills every output before each call.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void matmul_sigmoid_sum(const float* a, const float* b, float* output, size_t m, size_t n, size_t k) {
  __shared__ float partial[kThreads];
  const size_t count = m * n;
  float sum = 0.0f;
  for (size_t p = blockIdx.x * size_t{blockDim.x} + threadIdx.x; p < count; p += size_t{gridDim.x} * blockDim.x) {
    const size_t i = p / n, j = p % n;
    float dot = 0.0f;
    for (size_t t = 0; t < k; ++t) dot += a[i * k + t] * b[t * n + j];
    sum += 1.0f / (1.0f + expf(-dot));
  }
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (unsigned half = kThreads / 2; half > 0; half /= 2) {
    if (threadIdx.x < half) partial[threadIdx.x] += partial[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(output, partial[0]);
}

}  // namespace

extern "C" void solution(const float* A, const float* B, float* output, size_t M, size_t N, size_t K) {
  const size_t count = M * N;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 4096));
  matmul_sigmoid_sum<<<blocks, kThreads>>>(A, B, output, M, N, K);
}
