// author: judge maintainers
// title: baseline: one thread per point
//
// Correct, straightforward solution for ecc-point-negation: each thread copies
// its point's x and writes (p - y mod p) mod p, so y = 0 stays 0.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace {

constexpr unsigned kThreads = 256;

__global__ void negate_points(const uint64_t* xs, const uint64_t* ys, uint64_t p, uint64_t* out_xy, size_t n) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < n; i += size_t{gridDim.x} * blockDim.x) {
    out_xy[2 * i] = xs[i];
    out_xy[2 * i + 1] = (p - ys[i] % p) % p;
  }
}

}  // namespace

extern "C" void solution(const uint64_t* xs, const uint64_t* ys, uint64_t p, uint64_t* out_xy, size_t n) {
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((n + kThreads - 1) / kThreads, 65535));
  negate_points<<<blocks, kThreads>>>(xs, ys, p, out_xy, n);
}
