// author: judge maintainers
// title: channel-tiled convolution: each input value loaded once for 8 output channels
//
// Conv2d -> GroupNorm -> * scale -> MaxPool -> clamp, as default.cu, with the
// convolution (almost all of the work) computing kChannelTile output channels per
// thread, so each input value is loaded from memory once per kChannelTile channels
// instead of once per channel. The statistics and pooling passes are default.cu's.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;
constexpr double kEps = 1e-5;
constexpr unsigned kChannelTile = 8;

// Grid for a grid-stride loop over `count` elements (capped: the loop covers the rest).
unsigned grid_for(size_t count) {
  return static_cast<unsigned>(std::max<size_t>(1, std::min<size_t>((count + kThreads - 1) / kThreads, 65535)));
}

// Sum of `value` over the block (blockDim.x == kThreads); every thread gets the total.
__device__ double block_sum(double value, double* scratch) {
  scratch[threadIdx.x] = value;
  __syncthreads();
  for (unsigned stride = kThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) scratch[threadIdx.x] += scratch[threadIdx.x + stride];
    __syncthreads();
  }
  double total = scratch[0];
  __syncthreads();  // scratch is reused by the caller's next block_sum
  return total;
}

// Mean and 1/sqrt(biased variance + eps) of the `length` contiguous floats of group
// blockIdx.x (a GroupNorm group of one sample is contiguous in NCHW).
__global__ void group_statistics(const float* x, size_t length, float* mean_out, float* rstd_out) {
  __shared__ double scratch[kThreads];
  const float* base = x + blockIdx.x * length;
  double sum = 0.0;
  for (size_t i = threadIdx.x; i < length; i += blockDim.x) sum += base[i];
  double mean = block_sum(sum, scratch) / static_cast<double>(length);
  double squares = 0.0;
  for (size_t i = threadIdx.x; i < length; i += blockDim.x) {
    double d = base[i] - mean;
    squares += d * d;
  }
  double variance = block_sum(squares, scratch) / static_cast<double>(length);
  if (threadIdx.x == 0) {
    mean_out[blockIdx.x] = static_cast<float>(mean);
    rstd_out[blockIdx.x] = static_cast<float>(1.0 / sqrt(variance + kEps));
  }
}

// y[n, co, oy, ox] = conv_bias[co] + sum over ci, ky, kx of
// input[n, ci, oy + ky, ox + kx] * kernel[co, ci, ky, kx], for kChannelTile consecutive
// co per thread: each input value is loaded once and used for kChannelTile channels
// (default.cu loads it once per channel). Neighbouring threads share co, so the
// weight loads are warp-wide broadcasts.
__global__ void conv2d_channel_tiled(const float* __restrict__ input, const float* __restrict__ kernel,
                                     const float* __restrict__ conv_bias, float* __restrict__ y, size_t batch,
                                     size_t in_channels, size_t out_channels, size_t height, size_t width,
                                     size_t kernel_h, size_t kernel_w, size_t out_h, size_t out_w) {
  const size_t tiles = (out_channels + kChannelTile - 1) / kChannelTile;
  const size_t plane = out_h * out_w, filter = in_channels * kernel_h * kernel_w;
  const size_t total = batch * tiles * plane;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < total; i += size_t{gridDim.x} * blockDim.x) {
    const size_t pixel = i % plane, tile = (i / plane) % tiles, n = i / (plane * tiles);
    const size_t oy = pixel / out_w, ox = pixel % out_w, co0 = tile * kChannelTile;
    const size_t valid = min(static_cast<size_t>(kChannelTile), out_channels - co0);
    float acc[kChannelTile];
#pragma unroll
    for (unsigned j = 0; j < kChannelTile; ++j) acc[j] = j < valid ? conv_bias[co0 + j] : 0.0f;
    const float* w = kernel + co0 * filter;
    for (size_t ci = 0; ci < in_channels; ++ci) {
      const float* in = input + ((n * in_channels + ci) * height + oy) * width + ox;
      for (size_t ky = 0; ky < kernel_h; ++ky) {
        for (size_t kx = 0; kx < kernel_w; ++kx) {
          const float v = in[ky * width + kx];
          const size_t tap = (ci * kernel_h + ky) * kernel_w + kx;
#pragma unroll
          for (unsigned j = 0; j < kChannelTile; ++j) {
            if (j < valid) acc[j] += v * w[j * filter + tap];
          }
        }
      }
    }
#pragma unroll
    for (unsigned j = 0; j < kChannelTile; ++j) {
      if (j < valid) y[(n * out_channels + co0 + j) * plane + pixel] = acc[j];
    }
  }
}

// out[n, c, py, px] = clamp(max over the pool window of groupnorm(y) * scale[c]).
__global__ void groupnorm_scale_maxpool_clamp(const float* y, const float* mean, const float* rstd,
                                              const float* gn_weight, const float* gn_bias, const float* scale,
                                              float* out, size_t batch, size_t channels, size_t channels_per_group,
                                              size_t in_h, size_t in_w, size_t pool_kernel, size_t pool_h,
                                              size_t pool_w, float clamp_min, float clamp_max) {
  size_t total = batch * channels * pool_h * pool_w;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < total; i += size_t{gridDim.x} * blockDim.x) {
    size_t px = i % pool_w, py = (i / pool_w) % pool_h, plane = i / (pool_w * pool_h);
    size_t c = plane % channels, group = plane / channels_per_group;
    float best = -INFINITY;
    for (size_t dy = 0; dy < pool_kernel; ++dy) {
      for (size_t dx = 0; dx < pool_kernel; ++dx) {
        float v = y[(plane * in_h + py * pool_kernel + dy) * in_w + px * pool_kernel + dx];
        best = fmaxf(best, ((v - mean[group]) * rstd[group] * gn_weight[c] + gn_bias[c]) * scale[c]);
      }
    }
    out[i] = fminf(fmaxf(best, clamp_min), clamp_max);
  }
}

}  // namespace

extern "C" void solution(const float* input, const float* kernel, const float* conv_bias, const float* gn_weight,
                         const float* gn_bias, const float* scale, float* output, size_t num_groups,
                         size_t pool_kernel, double clamp_min, double clamp_max, size_t batch_size,
                         size_t in_channels, size_t out_channels, size_t height, size_t width, size_t kernel_h,
                         size_t kernel_w) {
  size_t out_h = height - kernel_h + 1, out_w = width - kernel_w + 1;
  size_t pool_h = out_h / pool_kernel, pool_w = out_w / pool_kernel;
  size_t conv_count = batch_size * out_channels * out_h * out_w;
  size_t pooled_count = batch_size * out_channels * pool_h * pool_w;
  size_t channels_per_group = out_channels / num_groups;

  float *y, *mean, *rstd;
  cudaMalloc(&y, conv_count * sizeof(float));
  cudaMalloc(&mean, batch_size * num_groups * sizeof(float));
  cudaMalloc(&rstd, batch_size * num_groups * sizeof(float));

  const size_t tiles = (out_channels + kChannelTile - 1) / kChannelTile;
  conv2d_channel_tiled<<<grid_for(batch_size * tiles * out_h * out_w), kThreads>>>(
      input, kernel, conv_bias, y, batch_size, in_channels, out_channels, height, width, kernel_h, kernel_w, out_h,
      out_w);
  group_statistics<<<static_cast<unsigned>(batch_size * num_groups), kThreads>>>(
      y, channels_per_group * out_h * out_w, mean, rstd);
  groupnorm_scale_maxpool_clamp<<<grid_for(pooled_count), kThreads>>>(
      y, mean, rstd, gn_weight, gn_bias, scale, output, batch_size, out_channels, channels_per_group, out_h, out_w,
      pool_kernel, pool_h, pool_w, static_cast<float>(clamp_min), static_cast<float>(clamp_max));

  cudaFree(y);
  cudaFree(mean);
  cudaFree(rstd);
}
