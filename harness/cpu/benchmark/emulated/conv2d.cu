// Direct 2-D convolution over a batch of images, one thread per output
// element, no shared memory or barriers: a compute-heavy barrier-free kernel.
#include "harness/cpu/benchmark/emulated/device_driver.h"

using namespace workloads;

__global__ void conv2d_kernel(const float* __restrict__ input, const float* __restrict__ weight,
                              float* __restrict__ output) {
  int ox = blockIdx.x * blockDim.x + threadIdx.x;
  int oy = blockIdx.y * blockDim.y + threadIdx.y;
  int n = blockIdx.z / kConvOutChannels;
  int co = blockIdx.z % kConvOutChannels;
  if (ox >= kConvOutWidth || oy >= kConvOutHeight) return;
  float acc = 0.0f;
  for (int ci = 0; ci < kConvInChannels; ++ci) {
    const float* in = input + ((size_t(n) * kConvInChannels + ci) * kConvHeight + oy) * kConvWidth + ox;
    const float* w = weight + (size_t(co) * kConvInChannels + ci) * kConvKernel * kConvKernel;
    for (int ky = 0; ky < kConvKernel; ++ky)
      for (int kx = 0; kx < kConvKernel; ++kx) acc += in[ky * kConvWidth + kx] * w[ky * kConvKernel + kx];
  }
  output[((size_t(n) * kConvOutChannels + co) * kConvOutHeight + oy) * kConvOutWidth + ox] = acc;
}

int main() {
  const size_t in_count = size_t(kConvBatch) * kConvInChannels * kConvHeight * kConvWidth;
  const size_t w_count = size_t(kConvOutChannels) * kConvInChannels * kConvKernel * kConvKernel;
  const size_t out_count = size_t(kConvBatch) * kConvOutChannels * kConvOutHeight * kConvOutWidth;
  float* d_in = to_device(make_input(in_count, 2));
  float* d_w = to_device(make_input(w_count, 3));
  float* d_out = device_buffer(out_count);
  const dim3 block(16, 16);
  const dim3 grid((kConvOutWidth + 15) / 16, (kConvOutHeight + 15) / 16, kConvBatch * kConvOutChannels);
  time_launches("conv2d", [&] { conv2d_kernel<<<grid, block>>>(d_in, d_w, d_out); });
  report_device_checksum("conv2d", d_out, out_count);
  return 0;
}
