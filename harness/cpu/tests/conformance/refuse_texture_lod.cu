// Mipmapped texture fetches (tex2DLod) are not implemented by the CPU
// backend: the call must fail to compile with a message naming tex2DLod and
// why, pointing at this file. nvcc accepts this file.
#include "conformance_check.h"

__global__ void read_level(cudaTextureObject_t texture, float* out) {
  out[threadIdx.x] = tex2DLod<float>(texture, threadIdx.x + 0.5f, 0.5f, 1.0f);
}

int main() {
  read_level<<<1, 32>>>(0, nullptr);
  return conformance::finish();
}
