// author: judge maintainers
// title: baseline: one thread per row
//
// Correct, straightforward float32 solution for matrix-vector: a grid-stride
// loop over the rows, each thread summing its row's dot product in float.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void matvec(const float* a, const float* b, float* c, size_t m, size_t k) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < m; i += size_t{gridDim.x} * blockDim.x) {
    const float* row = a + i * k;
    float sum = 0.0f;
    for (size_t p = 0; p < k; ++p) sum += row[p] * b[p];
    c[i] = sum;
  }
}

}  // namespace

extern "C" void solution(const float* input_a, const float* input_b, float* output_c, size_t m, size_t k) {
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((m + kThreads - 1) / kThreads, 65535));
  matvec<<<blocks, kThreads>>>(input_a, input_b, output_c, m, k);
}
