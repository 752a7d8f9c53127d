// KNOWN WRONG: adds the bias after the ReLU.
//
// Swapping the last two steps, ReLU(x) + b instead of ReLU(x + b), leaves
// negative outputs (wherever b < 0) and misplaces the kink of every unit.

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void gemm_relu(const float* a, const float* w, const float* bias, float* c, size_t batch, size_t n,
                          size_t m) {
  const size_t count = batch * m;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    const size_t row = i / m, col = i % m;
    float sum = 0.0f;
    for (size_t p = 0; p < n; ++p) sum += a[row * n + p] * w[col * n + p];
    c[i] = (sum > 0.0f ? sum : 0.0f) + bias[col];
  }
}

}  // namespace

extern "C" void solution(const float* A, const float* W, const float* b, float* C, size_t B, size_t N, size_t M) {
  const size_t count = B * M;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  gemm_relu<<<blocks, kThreads>>>(A, W, b, C, B, N, M);
}
