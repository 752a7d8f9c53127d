// author: judge maintainers
// title: baseline: one thread per output voxel
//
// Correct, straightforward solution for conv-square-3d: a grid-stride loop
// over the output voxels; each thread runs the K^3 taps of its voxel,
// skipping those that fall on the zero padding, and accumulates in float.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void conv_3d(const float* a, const float* b, float* c, size_t size, size_t k) {
  const long long n = static_cast<long long>(size), r = static_cast<long long>(k - 1) / 2;
  const size_t count = size * size * size;
  for (size_t p = blockIdx.x * size_t{blockDim.x} + threadIdx.x; p < count; p += size_t{gridDim.x} * blockDim.x) {
    const long long i = static_cast<long long>(p / (size * size));
    const long long j = static_cast<long long>(p / size % size);
    const long long l = static_cast<long long>(p % size);
    float sum = 0.0f;
    for (size_t x = 0; x < k; ++x) {
      const long long d = i + static_cast<long long>(x) - r;
      if (d < 0 || d >= n) continue;
      for (size_t y = 0; y < k; ++y) {
        const long long h = j + static_cast<long long>(y) - r;
        if (h < 0 || h >= n) continue;
        for (size_t z = 0; z < k; ++z) {
          const long long w = l + static_cast<long long>(z) - r;
          if (w >= 0 && w < n) sum += b[(x * k + y) * k + z] * a[(d * n + h) * n + w];
        }
      }
    }
    c[p] = sum;
  }
}

}  // namespace

extern "C" void solution(const float* A, const float* B, float* C, size_t size, size_t K) {
  const size_t count = size * size * size;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  conv_3d<<<blocks, kThreads>>>(A, B, C, size, K);
}
