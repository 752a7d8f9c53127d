// author: judge maintainers
// title: baseline: one thread per pixel
//
// Correct, straightforward solution for threshold: a grid-stride loop over
// the pixels, pixel > t ? 255 : 0.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void binarize(const float* input, float threshold, float* output, size_t count) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    output[i] = input[i] > threshold ? 255.0f : 0.0f;
  }
}

}  // namespace

extern "C" void solution(const float* input_image, float threshold_value, float* output_image, size_t height,
                         size_t width) {
  const size_t count = height * width;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  binarize<<<blocks, kThreads>>>(input_image, threshold_value, output_image, count);
}
