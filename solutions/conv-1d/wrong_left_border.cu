// KNOWN WRONG: an off-by-one at the left border drops the first sample.
//
// The padding test reads `t > 0` where it means `t >= 0`, so A[0] never
// contributes: every output within (K - 1) / 2 of the start is missing one
// term, while the interior is right.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void conv_1d(const float* a, const float* b, float* c, size_t n, size_t k) {
  const long long r = static_cast<long long>(k - 1) / 2;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < n; i += size_t{gridDim.x} * blockDim.x) {
    float sum = 0.0f;
    for (size_t j = 0; j < k; ++j) {
      const long long t = static_cast<long long>(i + j) - r;
      if (t > 0 && t < static_cast<long long>(n)) sum += b[j] * a[t];
    }
    c[i] = sum;
  }
}

}  // namespace

extern "C" void solution(const float* A, const float* B, float* C, size_t N, size_t K) {
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((N + kThreads - 1) / kThreads, 65535));
  conv_1d<<<blocks, kThreads>>>(A, B, C, N, K);
}
