// author: judge maintainers
// title: baseline: one thread per output element, tap checks outside the channel loop
//
// Correct, straightforward solution for conv-transpose2d-batchnorm-tanh-maxpool-groupnorm.
//
// ConvTranspose2d (no bias, dilation 1, ungrouped: `groups` is part of the ABI but
// does not change the result) -> BatchNorm with batch statistics (biased variance
// over N, H, W per channel, eps 1e-5) -> tanh -> MaxPool 2x2 stride 2 (floor mode)
// -> GroupNorm (biased variance, eps 1e-5). One thread per output element; the
// normalisation statistics are reduced per block in double, two-pass (mean, then
// squared deviations), so large planes keep full float32 accuracy. Whether a
// convolution tap reaches an element, and which input element it reads, is decided
// once per tap, outside the loop over input channels, which then only multiplies and
// adds.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;
constexpr double kEps = 1e-5;

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

// Mean and 1/sqrt(biased variance + eps) of one segment per block. Segment s is
// `chunks` runs of `chunk_len` contiguous floats starting at s * segment_offset,
// `chunk_stride` apart: a BatchNorm channel is B runs of one plane, a GroupNorm
// group is one run of (channels per group) planes.
__global__ void segment_statistics(const float* x, size_t segment_offset, size_t chunks, size_t chunk_len,
                                   size_t chunk_stride, float* mean_out, float* rstd_out) {
  __shared__ double scratch[kThreads];
  const float* base = x + blockIdx.x * segment_offset;
  size_t count = chunks * chunk_len;
  double sum = 0.0;
  for (size_t c = 0; c < chunks; ++c) {
    for (size_t j = threadIdx.x; j < chunk_len; j += blockDim.x) sum += base[c * chunk_stride + j];
  }
  double mean = block_sum(sum, scratch) / static_cast<double>(count);
  double squares = 0.0;
  for (size_t c = 0; c < chunks; ++c) {
    for (size_t j = threadIdx.x; j < chunk_len; j += blockDim.x) {
      double d = base[c * chunk_stride + j] - mean;
      squares += d * d;
    }
  }
  double variance = block_sum(squares, scratch) / static_cast<double>(count);
  if (threadIdx.x == 0) {
    mean_out[blockIdx.x] = static_cast<float>(mean);
    rstd_out[blockIdx.x] = static_cast<float>(1.0 / sqrt(variance + kEps));
  }
}

// Input index i with o = i * stride - padding + k, if there is one in [0, extent).
// In int: every extent here is far below 2^31, and a 64-bit division costs several
// times a 32-bit one (a GPU emulates it in software).
__device__ bool input_index(int o, int k, int stride, int padding, int extent, int* i) {
  int t = o + padding - k;
  if (t < 0 || t % stride != 0) return false;
  *i = t / stride;
  return *i < extent;
}

// y[n, co, oy, ox] = sum over ci, ky, kx with oy = iy * stride_h - padding_h + ky (same for x)
// of input[n, ci, iy, ix] * kernel[ci, co, ky, kx].
// Grid: x covers the pixels of one output plane, y is the output channel, z the sample.
__global__ void conv_transpose2d(const float* input, const float* kernel, float* y, int in_channels, int out_channels,
                                 int height, int width, int kernel_h, int kernel_w, int stride_h, int stride_w,
                                 int padding_h, int padding_w, int out_h, int out_w) {
  int pixel = blockIdx.x * blockDim.x + threadIdx.x;
  if (pixel >= out_h * out_w) return;
  int oy = pixel / out_w, ox = pixel % out_w;
  int co = blockIdx.y;
  size_t n = blockIdx.z;
  size_t in_plane = static_cast<size_t>(height) * width;
  // Input channel ci: its plane is in_plane further, its weights for co
  // out_channels * kernel_h * kernel_w further (kernel layout (C_in, C_out, K_h, K_w)).
  const float* sample = input + n * in_channels * in_plane;
  const float* weights = kernel + static_cast<size_t>(co) * kernel_h * kernel_w;
  size_t weight_step = static_cast<size_t>(out_channels) * kernel_h * kernel_w;
  float acc = 0.0f;
  for (int ky = 0; ky < kernel_h; ++ky) {
    int iy;
    if (!input_index(oy, ky, stride_h, padding_h, height, &iy)) continue;
    for (int kx = 0; kx < kernel_w; ++kx) {
      int ix;
      if (!input_index(ox, kx, stride_w, padding_w, width, &ix)) continue;
      const float* in = sample + iy * width + ix;
      const float* w = weights + ky * kernel_w + kx;
      for (int ci = 0; ci < in_channels; ++ci) acc += in[ci * in_plane] * w[ci * weight_step];
    }
  }
  y[((n * out_channels + co) * out_h + oy) * out_w + ox] = acc;
}

// pooled[n, c, py, px] = max over the 2x2 window of tanh(batchnorm(y)).
__global__ void batchnorm_tanh_maxpool(const float* y, const float* mean, const float* rstd, const float* bn_weight,
                                       const float* bn_bias, float* pooled, size_t batch, size_t channels, size_t in_h,
                                       size_t in_w, size_t pool_h, size_t pool_w) {
  size_t total = batch * channels * pool_h * pool_w;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < total; i += size_t{gridDim.x} * blockDim.x) {
    size_t px = i % pool_w, py = (i / pool_w) % pool_h, plane = i / (pool_w * pool_h);
    size_t c = plane % channels;
    float best = -INFINITY;
    for (size_t dy = 0; dy < 2; ++dy) {
      for (size_t dx = 0; dx < 2; ++dx) {
        float v = y[(plane * in_h + 2 * py + dy) * in_w + 2 * px + dx];
        best = fmaxf(best, tanhf((v - mean[c]) * rstd[c] * bn_weight[c] + bn_bias[c]));
      }
    }
    pooled[i] = best;
  }
}

__global__ void groupnorm_apply(const float* x, const float* mean, const float* rstd, const float* weight,
                                const float* bias, float* out, size_t batch, size_t channels, size_t plane,
                                size_t channels_per_group) {
  size_t total = batch * channels * plane;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < total; i += size_t{gridDim.x} * blockDim.x) {
    size_t nc = i / plane, c = nc % channels, segment = nc / channels_per_group;
    out[i] = (x[i] - mean[segment]) * rstd[segment] * weight[c] + bias[c];
  }
}

}  // namespace

extern "C" void solution(const float* input, const float* kernel, const float* bn_weight, const float* bn_bias,
                         const float* gn_weight, const float* gn_bias, float* output, size_t batch_size,
                         size_t in_channels, size_t out_channels, size_t height, size_t width, size_t kernel_h,
                         size_t kernel_w, size_t stride_h, size_t stride_w, size_t padding_h, size_t padding_w,
                         size_t output_padding_h, size_t output_padding_w, size_t groups, size_t num_groups) {
  (void)groups;  // the convolution is ungrouped in this problem
  size_t out_h = (height - 1) * stride_h + kernel_h + output_padding_h - 2 * padding_h;
  size_t out_w = (width - 1) * stride_w + kernel_w + output_padding_w - 2 * padding_w;
  size_t pool_h = out_h / 2, pool_w = out_w / 2;
  size_t conv_count = batch_size * out_channels * out_h * out_w;
  size_t pooled_count = batch_size * out_channels * pool_h * pool_w;
  size_t channels_per_group = out_channels / num_groups;

  float *y, *pooled, *bn_mean, *bn_rstd, *gn_mean, *gn_rstd;
  cudaMalloc(&y, conv_count * sizeof(float));
  cudaMalloc(&pooled, pooled_count * sizeof(float));
  cudaMalloc(&bn_mean, out_channels * sizeof(float));
  cudaMalloc(&bn_rstd, out_channels * sizeof(float));
  cudaMalloc(&gn_mean, batch_size * num_groups * sizeof(float));
  cudaMalloc(&gn_rstd, batch_size * num_groups * sizeof(float));

  dim3 conv_grid(static_cast<unsigned>((out_h * out_w + kThreads - 1) / kThreads),
                 static_cast<unsigned>(out_channels), static_cast<unsigned>(batch_size));
  conv_transpose2d<<<conv_grid, kThreads>>>(
      input, kernel, y, static_cast<int>(in_channels), static_cast<int>(out_channels), static_cast<int>(height),
      static_cast<int>(width), static_cast<int>(kernel_h), static_cast<int>(kernel_w), static_cast<int>(stride_h),
      static_cast<int>(stride_w), static_cast<int>(padding_h), static_cast<int>(padding_w), static_cast<int>(out_h),
      static_cast<int>(out_w));
  segment_statistics<<<static_cast<unsigned>(out_channels), kThreads>>>(
      y, out_h * out_w, batch_size, out_h * out_w, out_channels * out_h * out_w, bn_mean, bn_rstd);
  batchnorm_tanh_maxpool<<<grid_for(pooled_count), kThreads>>>(y, bn_mean, bn_rstd, bn_weight, bn_bias, pooled,
                                                                batch_size, out_channels, out_h, out_w, pool_h, pool_w);
  size_t group_len = channels_per_group * pool_h * pool_w;
  segment_statistics<<<static_cast<unsigned>(batch_size * num_groups), kThreads>>>(pooled, group_len, 1, group_len,
                                                                                   group_len, gn_mean, gn_rstd);
  groupnorm_apply<<<grid_for(pooled_count), kThreads>>>(pooled, gn_mean, gn_rstd, gn_weight, gn_bias, output,
                                                        batch_size, out_channels, pool_h * pool_w, channels_per_group);

  cudaFree(y);
  cudaFree(pooled);
  cudaFree(bn_mean);
  cudaFree(bn_rstd);
  cudaFree(gn_mean);
  cudaFree(gn_rstd);
}
