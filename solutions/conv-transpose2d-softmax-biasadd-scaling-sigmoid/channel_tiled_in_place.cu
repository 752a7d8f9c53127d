// author: judge maintainers
// title: channel-tiled gather with tap checks outside the channel loop, softmax in place, no scratch buffer
//
// The same ConvTranspose2d -> softmax over channels -> + add_bias -> * scaling ->
// sigmoid as default.cu, with three changes that cut work on a GPU:
//  - each thread computes kChannelTile output channels of one pixel, so every input
//    value it loads is used kChannelTile times (default.cu loads it once per channel);
//  - the stride/padding test of a tap runs once per (ky, kx), outside the input-channel
//    loop as in default.cu, and starts at the first tap of the right phase (3 of 4
//    taps fail at stride 2);
//  - the convolution is written straight into `output` and the softmax epilogue runs
//    in place (the intermediate has the output's shape), so there is no cudaMalloc and
//    cudaFree per call, and no second 1 GiB buffer at the upstream size.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;
constexpr unsigned kChannelTile = 4;

unsigned grid_for(size_t count) {
  return static_cast<unsigned>(std::max<size_t>(1, std::min<size_t>((count + kThreads - 1) / kThreads, 65535)));
}

// out[n, co, oy, ox] = conv_bias[co] + sum over (ky, kx) landing on (oy, ox), ci of
// input[n, ci, iy, ix] * kernel[ci, co, ky, kx], for kChannelTile consecutive co.
__global__ void conv_transpose2d_channel_tiled(const float* __restrict__ input, const float* __restrict__ kernel,
                                               const float* __restrict__ conv_bias, float* __restrict__ out,
                                               size_t batch, size_t in_channels, size_t out_channels, size_t height,
                                               size_t width, size_t kernel_h, size_t kernel_w, size_t stride_h,
                                               size_t stride_w, size_t padding_h, size_t padding_w, size_t out_h,
                                               size_t out_w) {
  const size_t tiles = (out_channels + kChannelTile - 1) / kChannelTile;
  const size_t plane = out_h * out_w, in_plane = height * width, taps = kernel_h * kernel_w;
  const size_t total = batch * tiles * plane;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < total; i += size_t{gridDim.x} * blockDim.x) {
    const size_t pixel = i % plane, tile = (i / plane) % tiles, n = i / (plane * tiles);
    const size_t oy = pixel / out_w, ox = pixel % out_w, co0 = tile * kChannelTile;
    const size_t valid = min(static_cast<size_t>(kChannelTile), out_channels - co0);
    float acc[kChannelTile];
#pragma unroll
    for (unsigned j = 0; j < kChannelTile; ++j) acc[j] = j < valid ? conv_bias[co0 + j] : 0.0f;
    // First tap of the right phase: (oy + padding - ky) divisible by the stride.
    for (size_t ky = (oy + padding_h) % stride_h; ky < kernel_h && ky <= oy + padding_h; ky += stride_h) {
      const size_t iy = (oy + padding_h - ky) / stride_h;
      if (iy >= height) continue;
      for (size_t kx = (ox + padding_w) % stride_w; kx < kernel_w && kx <= ox + padding_w; kx += stride_w) {
        const size_t ix = (ox + padding_w - kx) / stride_w;
        if (ix >= width) continue;
        const float* in = input + n * in_channels * in_plane + iy * width + ix;
        const float* tap = kernel + co0 * taps + ky * kernel_w + kx;
        for (size_t ci = 0; ci < in_channels; ++ci) {
          const float v = in[ci * in_plane];
          const float* w = tap + ci * out_channels * taps;
#pragma unroll
          for (unsigned j = 0; j < kChannelTile; ++j) {
            if (j < valid) acc[j] += v * w[j * taps];
          }
        }
      }
    }
#pragma unroll
    for (unsigned j = 0; j < kChannelTile; ++j) {
      if (j < valid) out[(n * out_channels + co0 + j) * plane + pixel] = acc[j];
    }
  }
}

// In place: x[n, c, p] = sigmoid((softmax over c of x[n, :, p] + add_bias[c]) * scaling_factor).
__global__ void softmax_bias_scale_sigmoid_in_place(float* x, const float* __restrict__ add_bias, size_t batch,
                                                    size_t channels, size_t plane, float scaling_factor) {
  const size_t total = batch * plane;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < total; i += size_t{gridDim.x} * blockDim.x) {
    float* column = x + (i / plane) * channels * plane + i % plane;
    float largest = -INFINITY;
    for (size_t c = 0; c < channels; ++c) largest = fmaxf(largest, column[c * plane]);
    float sum = 0.0f;
    for (size_t c = 0; c < channels; ++c) sum += expf(column[c * plane] - largest);
    const float inverse_sum = 1.0f / sum;
    for (size_t c = 0; c < channels; ++c) {
      const float v = (expf(column[c * plane] - largest) * inverse_sum + add_bias[c]) * scaling_factor;
      column[c * plane] = 1.0f / (1.0f + expf(-v));
    }
  }
}

}  // namespace

extern "C" void solution(const float* input, const float* kernel, const float* conv_bias, const float* add_bias,
                         float* output, double scaling_factor, size_t batch_size, size_t in_channels,
                         size_t out_channels, size_t height, size_t width, size_t kernel_h, size_t kernel_w,
                         size_t stride_h, size_t stride_w, size_t padding_h, size_t padding_w,
                         size_t output_padding_h, size_t output_padding_w) {
  const size_t out_h = (height - 1) * stride_h + kernel_h + output_padding_h - 2 * padding_h;
  const size_t out_w = (width - 1) * stride_w + kernel_w + output_padding_w - 2 * padding_w;
  const size_t tiles = (out_channels + kChannelTile - 1) / kChannelTile;
  conv_transpose2d_channel_tiled<<<grid_for(batch_size * tiles * out_h * out_w), kThreads>>>(
      input, kernel, conv_bias, output, batch_size, in_channels, out_channels, height, width, kernel_h, kernel_w,
      stride_h, stride_w, padding_h, padding_w, out_h, out_w);
  softmax_bias_scale_sigmoid_in_place<<<grid_for(batch_size * out_h * out_w), kThreads>>>(
      output, add_bias, batch_size, out_channels, out_h * out_w, static_cast<float>(scaling_factor));
}
