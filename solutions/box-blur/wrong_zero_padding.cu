// KNOWN WRONG: divides every window sum by kernel_size^2 (zero padding).
//
// The usual convolution with a 1/k^2 kernel treats pixels outside the image
// as zeros; the problem averages only the pixels inside, so every pixel within
// kernel_size / 2 of the border comes out too dark.
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
  output[i * width + j] = sum / static_cast<float>(kernel_size * kernel_size);
}

}  // namespace

extern "C" void solution(const float* input_image, int kernel_size, float* output_image, size_t height,
                         size_t width) {
  const dim3 threads(16, 16);
  const dim3 blocks(static_cast<unsigned>((width + 15) / 16), static_cast<unsigned>((height + 15) / 16));
  blur<<<blocks, threads>>>(input_image, kernel_size, output_image, static_cast<int>(height),
                            static_cast<int>(width));
}
