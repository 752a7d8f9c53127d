// KNOWN WRONG: reads the image as planar (CHW) instead of interleaved (HWC).
//
// Image libraries differ in layout; an author who assumes three separate
// planes reads R, G and B from the wrong places for every pixel.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void luma(const float* rgb, float* gray, size_t pixels) {
  for (size_t p = blockIdx.x * size_t{blockDim.x} + threadIdx.x; p < pixels; p += size_t{gridDim.x} * blockDim.x) {
    gray[p] = 0.299f * rgb[p] + 0.587f * rgb[pixels + p] + 0.114f * rgb[2 * pixels + p];
  }
}

}  // namespace

extern "C" void solution(const float* rgb_image, float* grayscale_output, size_t height, size_t width,
                         size_t channels) {
  const size_t pixels = height * width;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((pixels + kThreads - 1) / kThreads, 65535));
  luma<<<blocks, kThreads>>>(rgb_image, grayscale_output, pixels);
}
