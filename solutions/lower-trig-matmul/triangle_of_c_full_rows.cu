// author: judge maintainers
// title: the lower triangle of C only, each element a full-length dot product
//
// Relies on the input domain (Tensara's too): both inputs are lower
// triangular, so the dot product over all n terms adds only zeros beyond
// the triangle's, and on the judge zero-filling the output before the call,
// so the upper triangle of C, all zeros, is never written.
#include <cuda_runtime.h>

#include <cstddef>

namespace {

constexpr unsigned kThreads = 16;

__global__ void triangle_product(const float* a, const float* b, float* c, size_t n) {
  const size_t row = static_cast<size_t>(blockIdx.y) * kThreads + threadIdx.y;
  const size_t col = static_cast<size_t>(blockIdx.x) * kThreads + threadIdx.x;
  if (row >= n || col >= n || !(col <= row)) return;
  float sum = 0.0f;
  for (size_t p = 0; p < n; ++p) sum += a[row * n + p] * b[p * n + col];
  c[row * n + col] = sum;
}

}  // namespace

extern "C" void solution(const float* input_a, const float* input_b, float* output_c, size_t n) {
  const unsigned tiles = static_cast<unsigned>((n + kThreads - 1) / kThreads);
  triangle_product<<<dim3(tiles, tiles), dim3(kThreads, kThreads)>>>(input_a, input_b, output_c, n);
}
