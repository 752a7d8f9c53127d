// Direct 2-D convolution over a batch of images, one thread per output
// element, no shared memory or barriers: a compute-heavy barrier-free kernel.
#include "harness/cpu/benchmark/emulated/cuda_check.h"
#include "harness/cpu/benchmark/workloads.h"

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
  std::vector<float> input = make_input(in_count, 2), weight = make_input(w_count, 3), output(out_count);
  float *d_in, *d_w, *d_out;
  BENCH_CUDA(cudaMalloc(&d_in, in_count * sizeof(float)));
  BENCH_CUDA(cudaMalloc(&d_w, w_count * sizeof(float)));
  BENCH_CUDA(cudaMalloc(&d_out, out_count * sizeof(float)));
  BENCH_CUDA(cudaMemcpy(d_in, input.data(), in_count * sizeof(float), cudaMemcpyHostToDevice));
  BENCH_CUDA(cudaMemcpy(d_w, weight.data(), w_count * sizeof(float), cudaMemcpyHostToDevice));
  const dim3 block(16, 16);
  const dim3 grid((kConvOutWidth + 15) / 16, (kConvOutHeight + 15) / 16, kConvBatch * kConvOutChannels);
  time_and_report("conv2d", [&] {
    conv2d_kernel<<<grid, block>>>(d_in, d_w, d_out);
    BENCH_CUDA(cudaGetLastError());
    BENCH_CUDA(cudaDeviceSynchronize());
  });
  BENCH_CUDA(cudaMemcpy(output.data(), d_out, out_count * sizeof(float), cudaMemcpyDeviceToHost));
  report_checksum("conv2d", output);
  return 0;
}
