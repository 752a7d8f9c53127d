// KNOWN WRONG: no dilation on the last axis.
//
// Tensara's statement writes the window's last index as S * k + o - P, without
// the dilation factor its first two axes have; an author who codes the
// formula as printed is right whenever dilation = 1 and wrong otherwise.
#include <cuda_runtime.h>

#include <cfloat>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__host__ __device__ long long pooled_extent(long long in, int k, int s, int p, int d) {
  return (in + 2LL * p - (long long)d * (k - 1) - 1) / s + 1;
}

__global__ void max_pool_3d(const float* input, int k, int s, int p, int d, float* output, long long h,
                            long long w, long long depth, long long h_out, long long w_out, long long d_out) {
  const long long total = h_out * w_out * d_out;
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < total;
       i += (long long)gridDim.x * blockDim.x) {
    const long long oz = i % d_out, oy = (i / d_out) % w_out, ox = i / (d_out * w_out);
    float best = -FLT_MAX;
    for (int m = 0; m < k; ++m) {
      const long long x = ox * s - p + (long long)m * d;
      if (x < 0 || x >= h) continue;
      for (int n = 0; n < k; ++n) {
        const long long y = oy * s - p + (long long)n * d;
        if (y < 0 || y >= w) continue;
        for (int q = 0; q < k; ++q) {
          const long long z = oz * s - p + q;
          if (z >= 0 && z < depth) best = fmaxf(best, input[(x * w + y) * depth + z]);
        }
      }
    }
    output[i] = best;
  }
}

}  // namespace

extern "C" void solution(const float* input, int kernel_size, int stride, int padding, int dilation,
                         float* output, size_t H, size_t W, size_t D) {
  const long long h_out = pooled_extent((long long)H, kernel_size, stride, padding, dilation);
  const long long w_out = pooled_extent((long long)W, kernel_size, stride, padding, dilation);
  const long long d_out = pooled_extent((long long)D, kernel_size, stride, padding, dilation);
  long long blocks = (h_out * w_out * d_out + kThreads - 1) / kThreads;
  if (blocks > 65535) blocks = 65535;
  max_pool_3d<<<(unsigned)blocks, kThreads>>>(input, kernel_size, stride, padding, dilation, output,
                                               (long long)H, (long long)W, (long long)D, h_out, w_out, d_out);
}
