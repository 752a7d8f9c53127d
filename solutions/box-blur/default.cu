// author: judge maintainers
// title: baseline: one thread per output pixel
//
// Correct, straightforward solution for box-blur: each thread sums the part of
// its window inside the image and divides by the number of pixels it summed.
#include <cuda_runtime.h>

#include <cstddef>

namespace {

__global__ void blur(const float* input, int kernel_size, float* output, int height, int width) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  const int i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= height || j >= width) return;
  const int r = kernel_size / 2;
  const int top = max(0, i - r), bottom = min(height - 1, i + r);
  const int left = max(0, j - r), right = min(width - 1, j + r);
  float sum = 0.0f;
  for (int u = top; u <= bottom; ++u) {
    for (int v = left; v <= right; ++v) sum += input[u * width + v];
  }
  output[i * width + j] = sum / static_cast<float>((bottom - top + 1) * (right - left + 1));
}

}  // namespace

extern "C" void solution(const float* input_image, int kernel_size, float* output_image, size_t height,
                         size_t width) {
  const dim3 threads(16, 16);
  const dim3 blocks(static_cast<unsigned>((width + 15) / 16), static_cast<unsigned>((height + 15) / 16));
  blur<<<blocks, threads>>>(input_image, kernel_size, output_image, static_cast<int>(height),
                            static_cast<int>(width));
}
