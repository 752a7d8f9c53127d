// BROKEN ON PURPOSE: never finishes (a spin-wait on a flag that nothing sets).
//
// The author tried to order two phases across blocks with a global flag: every
// block waits until the flag is raised, but the block meant to raise it waits too.
// The flag is read through a volatile pointer, so the compiler must keep the loop.
// The judge must stop it and report TIME_LIMIT_EXCEEDED.
#include <cuda_runtime.h>

#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void wait_then_zero(const volatile int* ready, float* output, size_t count) {
  while (*ready == 0) {
  }
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x)
    output[i] = 0.0f;
}

}  // namespace

extern "C" void solution(const float* input, const float* kernel, float* output, size_t batch_size,
                         size_t in_channels, size_t out_channels, size_t height, size_t width, size_t kernel_h,
                         size_t kernel_w, size_t stride_h, size_t stride_w, size_t padding_h, size_t padding_w,
                         size_t output_padding_h, size_t output_padding_w, size_t dilation_h, size_t dilation_w,
                         size_t groups) {
  (void)input, (void)kernel, (void)in_channels, (void)groups;
  size_t out_h = (height - 1) * stride_h + dilation_h * (kernel_h - 1) + output_padding_h + 1 - 2 * padding_h;
  size_t out_w = (width - 1) * stride_w + dilation_w * (kernel_w - 1) + output_padding_w + 1 - 2 * padding_w;
  int* ready;
  cudaMalloc(&ready, sizeof(int));
  cudaMemset(ready, 0, sizeof(int));
  wait_then_zero<<<1, kThreads>>>(ready, output, batch_size * out_channels * out_h * out_w);
  cudaFree(ready);
}
