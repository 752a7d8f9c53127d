// author: judge maintainers
// title: baseline: one thread per output element, straightforward passes
//
// Correct, straightforward solution for conv-transpose-2d-asym-input-asym-kernel-strided-grouped.
//
// A grouped, strided, padded, dilated ConvTranspose2d without bias. Kernel layout
// (C_in, C_out / groups, K_h, K_w); group g maps input channels
// [g * C_in / groups, (g + 1) * C_in / groups) to output channels
// [g * C_out / groups, (g + 1) * C_out / groups). Output size per axis:
// (in - 1) * stride - 2 * padding + dilation * (k - 1) + output_padding + 1.
// One thread per output element gathers every (input channel, tap) that lands on it.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

// Grid for a grid-stride loop over `count` elements (capped: the loop covers the rest).
unsigned grid_for(size_t count) {
  return static_cast<unsigned>(std::max<size_t>(1, std::min<size_t>((count + kThreads - 1) / kThreads, 65535)));
}

// Input index i with o = i * stride - padding + k * dilation, if there is one in [0, extent).
__device__ bool input_index(size_t o, size_t k, size_t stride, size_t padding, size_t dilation, size_t extent,
                            size_t* i) {
  long long t = static_cast<long long>(o + padding) - static_cast<long long>(k * dilation);
  if (t < 0 || t % static_cast<long long>(stride) != 0) return false;
  *i = static_cast<size_t>(t) / stride;
  return *i < extent;
}

__global__ void conv_transpose2d_grouped(const float* input, const float* kernel, float* output, size_t batch,
                                         size_t in_channels, size_t out_channels, size_t height, size_t width,
                                         size_t kernel_h, size_t kernel_w, size_t stride_h, size_t stride_w,
                                         size_t padding_h, size_t padding_w, size_t dilation_h, size_t dilation_w,
                                         size_t groups, size_t out_h, size_t out_w) {
  size_t in_per_group = in_channels / groups, out_per_group = out_channels / groups;
  size_t total = batch * out_channels * out_h * out_w;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < total; i += size_t{gridDim.x} * blockDim.x) {
    size_t ox = i % out_w, oy = (i / out_w) % out_h, co = (i / (out_w * out_h)) % out_channels;
    size_t n = i / (out_w * out_h * out_channels);
    size_t group = co / out_per_group, co_in_group = co % out_per_group;
    float acc = 0.0f;
    for (size_t ci = group * in_per_group; ci < (group + 1) * in_per_group; ++ci) {
      const float* in_plane = input + (n * in_channels + ci) * height * width;
      const float* taps = kernel + (ci * out_per_group + co_in_group) * kernel_h * kernel_w;
      for (size_t ky = 0; ky < kernel_h; ++ky) {
        size_t iy;
        if (!input_index(oy, ky, stride_h, padding_h, dilation_h, height, &iy)) continue;
        for (size_t kx = 0; kx < kernel_w; ++kx) {
          size_t ix;
          if (!input_index(ox, kx, stride_w, padding_w, dilation_w, width, &ix)) continue;
          acc += in_plane[iy * width + ix] * taps[ky * kernel_w + kx];
        }
      }
    }
    output[i] = acc;
  }
}

}  // namespace

extern "C" void solution(const float* input, const float* kernel, float* output, size_t batch_size,
                         size_t in_channels, size_t out_channels, size_t height, size_t width, size_t kernel_h,
                         size_t kernel_w, size_t stride_h, size_t stride_w, size_t padding_h, size_t padding_w,
                         size_t output_padding_h, size_t output_padding_w, size_t dilation_h, size_t dilation_w,
                         size_t groups) {
  size_t out_h = (height - 1) * stride_h + dilation_h * (kernel_h - 1) + output_padding_h + 1 - 2 * padding_h;
  size_t out_w = (width - 1) * stride_w + dilation_w * (kernel_w - 1) + output_padding_w + 1 - 2 * padding_w;
  size_t count = batch_size * out_channels * out_h * out_w;
  conv_transpose2d_grouped<<<grid_for(count), kThreads>>>(input, kernel, output, batch_size, in_channels,
                                                          out_channels, height, width, kernel_h, kernel_w, stride_h,
                                                          stride_w, padding_h, padding_w, dilation_h, dilation_w,
                                                          groups, out_h, out_w);
}
