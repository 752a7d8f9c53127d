// author: judge maintainers
// title: baseline: one 64-bit product per element
//
// Correct, straightforward solution for vector-multiply-ff: each thread
// multiplies its pair of inputs in 64 bits and reduces the product modulo
// p = 2^31 - 1.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace {

constexpr unsigned kThreads = 256;
constexpr uint64_t kP = 2147483647u;

__global__ void multiply_mod(const uint32_t* a, const uint32_t* b, uint32_t* c, size_t n) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < n; i += size_t{gridDim.x} * blockDim.x) {
    c[i] = static_cast<uint32_t>(static_cast<uint64_t>(a[i]) * b[i] % kP);
  }
}

}  // namespace

extern "C" void solution(const uint32_t* d_input1, const uint32_t* d_input2, uint32_t* d_output, size_t n) {
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((n + kThreads - 1) / kThreads, 65535));
  multiply_mod<<<blocks, kThreads>>>(d_input1, d_input2, d_output, n);
}
