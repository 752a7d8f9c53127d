// KNOWN WRONG: drops the tail that does not fill a whole block.
//
// The grid is n / 256 blocks, rounded down, and there is no grid-stride loop:
// every size that is not a multiple of 256 leaves its last elements unwritten.
#include <cuda_runtime.h>

#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void add(const float* a, const float* b, float* c, size_t n) {
  const size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

}  // namespace

extern "C" void solution(const float* d_input1, const float* d_input2, float* d_output, size_t n) {
  const unsigned blocks = static_cast<unsigned>(n / kThreads);
  if (blocks > 0) add<<<blocks, kThreads>>>(d_input1, d_input2, d_output, n);
}
