// KNOWN WRONG: writes p - y without the final reduction.
//
// For y = 0 the negation is 0, but p - 0 = p is not a field element (it is 0's
// other spelling). Every point with y != 0 comes out right.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace {

constexpr unsigned kThreads = 256;

__global__ void negate_points(const uint64_t* xs, const uint64_t* ys, uint64_t p, uint64_t* out_xy, size_t n) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < n; i += size_t{gridDim.x} * blockDim.x) {
    out_xy[2 * i] = xs[i];
    out_xy[2 * i + 1] = p - ys[i];
  }
}

}  // namespace

extern "C" void solution(const uint64_t* xs, const uint64_t* ys, uint64_t p, uint64_t* out_xy, size_t n) {
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((n + kThreads - 1) / kThreads, 65535));
  negate_points<<<blocks, kThreads>>>(xs, ys, p, out_xy, n);
}
