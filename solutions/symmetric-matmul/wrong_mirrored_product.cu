// author: judge maintainers
// title: wrong: computes the upper triangle of C and mirrors it
//
// Plausible bug: assumes that the product of two symmetric matrices is
// symmetric, so it computes C[i][j] for i <= j only and copies it to C[j][i].
// A * B equals its own transpose only when A and B commute; on the test
// data the lower triangle comes out as (B * A), which differs.
#include <cuda_runtime.h>

#include <cstddef>

namespace {

__global__ void upper_product(const float* a, const float* b, float* c, size_t n) {
  const size_t total = n * n;
  for (size_t k = blockIdx.x * size_t{blockDim.x} + threadIdx.x; k < total; k += size_t{gridDim.x} * blockDim.x) {
    const size_t i = k / n, j = k % n;
    if (i > j) continue;
    float sum = 0.0f;
    for (size_t p = 0; p < n; ++p) sum += a[i * n + p] * b[p * n + j];
    c[i * n + j] = sum;
    c[j * n + i] = sum;
  }
}

}  // namespace

extern "C" void solution(const float* input_a, const float* input_b, float* output_c, size_t n) {
  const size_t total = n * n;
  const unsigned blocks = static_cast<unsigned>(total < 256 * 1024 ? (total + 255) / 256 : 1024);
  upper_product<<<blocks, 256>>>(input_a, input_b, output_c, n);
}
