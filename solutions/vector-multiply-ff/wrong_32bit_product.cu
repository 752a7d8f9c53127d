// KNOWN WRONG: multiplies in 32 bits before reducing.
//
// The product of two values near 2^31 needs 62 bits; a uint32_t product keeps
// only its low 32 bits, so the reduction starts from the wrong number. Small
// inputs pass.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace {

constexpr unsigned kThreads = 256;
constexpr uint32_t kP = 2147483647u;

__global__ void multiply_mod(const uint32_t* a, const uint32_t* b, uint32_t* c, size_t n) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < n; i += size_t{gridDim.x} * blockDim.x) {
    c[i] = a[i] * b[i] % kP;
  }
}

}  // namespace

extern "C" void solution(const uint32_t* d_input1, const uint32_t* d_input2, uint32_t* d_output, size_t n) {
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((n + kThreads - 1) / kThreads, 65535));
  multiply_mod<<<blocks, kThreads>>>(d_input1, d_input2, d_output, n);
}
