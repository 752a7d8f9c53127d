// author: judge maintainers
// title: baseline: one thread per output coefficient
//
// Correct, straightforward solution for poly-multiply-ff: each thread owns one
// output coefficient k and sums a_i * b_(k-i) over the valid i, reducing every
// product and the running sum modulo p = 2^31 - 1 so nothing overflows 64 bits.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace {

constexpr unsigned kThreads = 256;
constexpr uint64_t kP = 2147483647u;

__global__ void multiply_polynomials(const uint32_t* a, const uint32_t* b, uint32_t* c, size_t n) {
  const size_t count = 2 * n - 1;
  for (size_t k = blockIdx.x * size_t{blockDim.x} + threadIdx.x; k < count; k += size_t{gridDim.x} * blockDim.x) {
    const size_t first = k >= n ? k - (n - 1) : 0, last = k < n ? k : n - 1;
    uint64_t sum = 0;
    for (size_t i = first; i <= last; ++i) {
      sum = (sum + static_cast<uint64_t>(a[i]) * b[k - i] % kP) % kP;
    }
    c[k] = static_cast<uint32_t>(sum);
  }
}

}  // namespace

extern "C" void solution(const uint32_t* d_input1, const uint32_t* d_input2, uint32_t* d_output, size_t n) {
  const size_t count = 2 * n - 1;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  multiply_polynomials<<<blocks, kThreads>>>(d_input1, d_input2, d_output, n);
}
