// author: judge maintainers
// title: baseline: one thread per output pixel
//
// Correct, straightforward solution for conv2d-relu-hardswish: a grid-stride
// loop over the pixels; each thread accumulates the Kh x Kw taps of its pixel
// in float (skipping the zero padding), then applies ReLU and HardSwish.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void conv2d_relu_hardswish(const float* image, const float* kernel, float* output, size_t h, size_t w,
                                      size_t kh, size_t kw) {
  const long long rh = static_cast<long long>(kh - 1) / 2, rw = static_cast<long long>(kw - 1) / 2;
  const size_t count = h * w;
  for (size_t p = blockIdx.x * size_t{blockDim.x} + threadIdx.x; p < count; p += size_t{gridDim.x} * blockDim.x) {
    const long long i = static_cast<long long>(p / w), j = static_cast<long long>(p % w);
    float sum = 0.0f;
    for (size_t u = 0; u < kh; ++u) {
      const long long y = i + static_cast<long long>(u) - rh;
      if (y < 0 || y >= static_cast<long long>(h)) continue;
      for (size_t v = 0; v < kw; ++v) {
        const long long x = j + static_cast<long long>(v) - rw;
        if (x >= 0 && x < static_cast<long long>(w)) {
          sum += kernel[u * kw + v] * image[y * static_cast<long long>(w) + x];
        }
      }
    }
    const float relu = fmaxf(sum, 0.0f);
    output[p] = relu * fminf(fmaxf(relu + 3.0f, 0.0f), 6.0f) / 6.0f;
  }
}

}  // namespace

extern "C" void solution(const float* image, const float* kernel, float* output, size_t H, size_t W, size_t Kh,
                         size_t Kw) {
  const size_t count = H * W;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  conv2d_relu_hardswish<<<blocks, kThreads>>>(image, kernel, output, H, W, Kh, Kw);
}
