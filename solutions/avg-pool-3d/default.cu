// author: judge maintainers
// title: baseline: one thread per output
//
// Correct, straightforward solution for avg-pool-3d: a grid-stride loop over
// the outputs; each sums the taps of its k x k x k window inside the input and
// divides by k^3 (the padding counts as zeros).
#include <cuda_runtime.h>

#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void avg_pool_3d(const float* input, int k, int s, int p, float* output, long long h, long long w,
                            long long depth, long long h_out, long long w_out, long long d_out) {
  const long long total = h_out * w_out * d_out;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < total;
       i += (long long)gridDim.x * blockDim.x) {
    const long long oz = i % d_out, oy = (i / d_out) % w_out, ox = i / (d_out * w_out);
    float sum = 0.0f;
    for (int m = 0; m < k; ++m) {
      const long long x = ox * s - p + m;
      if (x < 0 || x >= h) continue;
      for (int n = 0; n < k; ++n) {
        const long long y = oy * s - p + n;
        if (y < 0 || y >= w) continue;
        for (int q = 0; q < k; ++q) {
          const long long z = oz * s - p + q;
          if (z >= 0 && z < depth) sum += input[(x * w + y) * depth + z];
        }
      }
    }
    output[i] = sum / (float)(k * k * k);
  }
}

}  // namespace

extern "C" void solution(const float* input, int kernel_size, int stride, int padding, float* output,
                         size_t H, size_t W, size_t D) {
  const long long h_out = ((long long)H + 2LL * padding - kernel_size) / stride + 1;
  const long long w_out = ((long long)W + 2LL * padding - kernel_size) / stride + 1;
  const long long d_out = ((long long)D + 2LL * padding - kernel_size) / stride + 1;
  long long blocks = (h_out * w_out * d_out + kThreads - 1) / kThreads;
  if (blocks > 65535) blocks = 65535;
  avg_pool_3d<<<(unsigned)blocks, kThreads>>>(input, kernel_size, stride, padding, output, (long long)H,
                                               (long long)W, (long long)D, h_out, w_out, d_out);
}
