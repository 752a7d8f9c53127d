// KNOWN WRONG: divides by the number of taps inside the input.
//
// "The average of what the window covers" reads naturally as ignoring the
// padding (the framework's count_include_pad=False); the problem counts the
// padded zeros, dividing every window by kernel_size. Interior windows agree;
// every window that overlaps the padding comes out too large in magnitude.
#include <cuda_runtime.h>

#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void avg_pool_1d(const float* input, int kernel_size, int stride, int padding, float* output,
                            long long h, long long h_out) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < h_out;
       i += (long long)gridDim.x * blockDim.x) {
    float sum = 0.0f;
    int count = 0;
    for (int m = 0; m < kernel_size; ++m) {
      const long long x = i * stride - padding + m;
      if (x >= 0 && x < h) sum += input[x], ++count;
    }
    output[i] = sum / (float)count;
  }
}

}  // namespace

extern "C" void solution(const float* input, int kernel_size, int stride, int padding, float* output,
                         size_t H) {
  const long long h = (long long)H;
  const long long h_out = (h + 2LL * padding - kernel_size) / stride + 1;
  long long blocks = (h_out + kThreads - 1) / kThreads;
  if (blocks > 65535) blocks = 65535;
  avg_pool_1d<<<(unsigned)blocks, kThreads>>>(input, kernel_size, stride, padding, output, h, h_out);
}
