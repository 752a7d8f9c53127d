// author: judge maintainers
// title: baseline: one thread per pixel
//
// Correct, straightforward solution for grayscale: a grid-stride loop over
// the pixels of the interleaved RGB image.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void luma(const float* rgb, float* gray, size_t pixels, size_t channels) {
  for (size_t p = blockIdx.x * size_t{blockDim.x} + threadIdx.x; p < pixels; p += size_t{gridDim.x} * blockDim.x) {
    const float* pixel = rgb + p * channels;
    gray[p] = 0.299f * pixel[0] + 0.587f * pixel[1] + 0.114f * pixel[2];
  }
}

}  // namespace

extern "C" void solution(const float* rgb_image, float* grayscale_output, size_t height, size_t width,
                         size_t channels) {
  const size_t pixels = height * width;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((pixels + kThreads - 1) / kThreads, 65535));
  luma<<<blocks, kThreads>>>(rgb_image, grayscale_output, pixels, channels);
}
