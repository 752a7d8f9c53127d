// a * b + c rounds twice on the CPU backend, as the source says, whatever
// the host's FMA: with a = b = 1 + 2^-12 and c = -(1 + 2^-11) the product
// rounds (a tie, to even) to 1 + 2^-11 and the sum is 0; fused, the sum
// would be 2^-24. fmaf() is the fused operation.
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>

__global__ void multiply_add(const float* a, const float* b, const float* c, float* separate, float* fused) {
  const int i = threadIdx.x;
  separate[i] = a[i] * b[i] + c[i];
  fused[i] = fmaf(a[i], b[i], c[i]);
}

int main() {
  const float a = 1.0f + std::ldexp(1.0f, -12), c = -(1.0f + std::ldexp(1.0f, -11));
  const float host[3] = {a, a, c};
  float* device = nullptr;
  cudaMalloc(&device, 5 * sizeof(float));
  cudaMemcpy(device, host, sizeof host, cudaMemcpyHostToDevice);
  multiply_add<<<1, 1>>>(device, device + 1, device + 2, device + 3, device + 4);
  float out[2] = {};
  cudaMemcpy(out, device + 3, sizeof out, cudaMemcpyDeviceToHost);
  cudaFree(device);
  const float fused = std::ldexp(1.0f, -24);
  if (out[0] == 0.0f && out[1] == fused) {
    std::printf("ALL PASS\n");
    return 0;
  }
  std::printf("FAIL: a * b + c = %g (expected 0), fmaf = %g (expected %g)\n", out[0], out[1], fused);
  return 1;
}
