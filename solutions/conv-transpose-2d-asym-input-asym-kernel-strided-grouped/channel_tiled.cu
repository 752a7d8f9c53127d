// author: judge maintainers
// title: channel-tiled gather, tap checks hoisted out of the channel loop
//
// The same grouped, strided, padded, dilated ConvTranspose2d as default.cu, with the
// work per output element reorganised for a GPU:
//  - each thread computes kChannelTile output channels of one pixel (within one
//    group), so every input value it loads is used kChannelTile times;
//  - whether a tap (ky, kx) reaches the pixel is decided once per tap, outside the
//    input-channel loop (as default.cu does), and the tap loop stops at the first tap
//    that would need a negative input index.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;
constexpr unsigned kChannelTile = 4;

unsigned grid_for(size_t count) {
  return static_cast<unsigned>(std::max<size_t>(1, std::min<size_t>((count + kThreads - 1) / kThreads, 65535)));
}

__global__ void conv_transpose2d_grouped_tiled(const float* __restrict__ input, const float* __restrict__ kernel,
                                               float* __restrict__ output, size_t batch, size_t in_channels,
                                               size_t out_channels, size_t height, size_t width, size_t kernel_h,
                                               size_t kernel_w, size_t stride_h, size_t stride_w, size_t padding_h,
                                               size_t padding_w, size_t dilation_h, size_t dilation_w, size_t groups,
                                               size_t out_h, size_t out_w) {
  const size_t in_per_group = in_channels / groups, out_per_group = out_channels / groups;
  const size_t tiles_per_group = (out_per_group + kChannelTile - 1) / kChannelTile;
  const size_t plane = out_h * out_w, in_plane = height * width, taps = kernel_h * kernel_w;
  const size_t total = batch * groups * tiles_per_group * plane;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < total; i += size_t{gridDim.x} * blockDim.x) {
    const size_t pixel = i % plane, tile = (i / plane) % (groups * tiles_per_group);
    const size_t n = i / (plane * groups * tiles_per_group);
    const size_t group = tile / tiles_per_group, local0 = (tile % tiles_per_group) * kChannelTile;
    const size_t valid = min(static_cast<size_t>(kChannelTile), out_per_group - local0);
    const size_t oy = pixel / out_w, ox = pixel % out_w;
    float acc[kChannelTile] = {};
    for (size_t ky = 0; ky < kernel_h; ++ky) {
      const long long ty = static_cast<long long>(oy + padding_h) - static_cast<long long>(ky * dilation_h);
      if (ty < 0) break;  // larger ky only go further below zero
      if (ty % static_cast<long long>(stride_h) != 0) continue;
      const size_t iy = static_cast<size_t>(ty) / stride_h;
      if (iy >= height) continue;
      for (size_t kx = 0; kx < kernel_w; ++kx) {
        const long long tx = static_cast<long long>(ox + padding_w) - static_cast<long long>(kx * dilation_w);
        if (tx < 0) break;
        if (tx % static_cast<long long>(stride_w) != 0) continue;
        const size_t ix = static_cast<size_t>(tx) / stride_w;
        if (ix >= width) continue;
        const float* in = input + (n * in_channels + group * in_per_group) * in_plane + iy * width + ix;
        const float* tap = kernel + (group * in_per_group * out_per_group + local0) * taps + ky * kernel_w + kx;
        for (size_t ci = 0; ci < in_per_group; ++ci) {
          const float v = in[ci * in_plane];
          const float* w = tap + ci * out_per_group * taps;
#pragma unroll
          for (unsigned j = 0; j < kChannelTile; ++j) {
            if (j < valid) acc[j] += v * w[j * taps];
          }
        }
      }
    }
    float* out = output + (n * out_channels + group * out_per_group + local0) * plane + pixel;
#pragma unroll
    for (unsigned j = 0; j < kChannelTile; ++j) {
      if (j < valid) out[j * plane] = acc[j];
    }
  }
}

}  // namespace

extern "C" void solution(const float* input, const float* kernel, float* output, size_t batch_size,
                         size_t in_channels, size_t out_channels, size_t height, size_t width, size_t kernel_h,
                         size_t kernel_w, size_t stride_h, size_t stride_w, size_t padding_h, size_t padding_w,
                         size_t output_padding_h, size_t output_padding_w, size_t dilation_h, size_t dilation_w,
                         size_t groups) {
  const size_t out_h = (height - 1) * stride_h + dilation_h * (kernel_h - 1) + output_padding_h + 1 - 2 * padding_h;
  const size_t out_w = (width - 1) * stride_w + dilation_w * (kernel_w - 1) + output_padding_w + 1 - 2 * padding_w;
  const size_t tiles_per_group = (out_channels / groups + kChannelTile - 1) / kChannelTile;
  conv_transpose2d_grouped_tiled<<<grid_for(batch_size * groups * tiles_per_group * out_h * out_w), kThreads>>>(
      input, kernel, output, batch_size, in_channels, out_channels, height, width, kernel_h, kernel_w, stride_h,
      stride_w, padding_h, padding_w, dilation_h, dilation_w, groups, out_h, out_w);
}
