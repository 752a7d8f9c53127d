// KNOWN WRONG: covers n elements instead of n * n.
//
// The matrix is n x n but only one size is passed; an author who launches
// over `n` (as for a vector) scales the first row and leaves the rest
// unwritten.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void scale(const float* input, float scalar, float* output, size_t count) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    output[i] = scalar * input[i];
  }
}

}  // namespace

extern "C" void solution(const float* input_matrix, float scalar, float* output_matrix, size_t n) {
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((n + kThreads - 1) / kThreads, 65535));
  scale<<<blocks, kThreads>>>(input_matrix, scalar, output_matrix, n);
}
