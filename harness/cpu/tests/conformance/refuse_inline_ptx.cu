// Inline PTX cannot run on the CPU backend: cucc must refuse the program at
// compile time with a message that names the construct and its line (the
// `asm volatile` line below), instead of failing later or computing garbage.
// nvcc accepts this file: it is valid CUDA.
#include "conformance_check.h"

__global__ void lane_id_kernel(unsigned* out) {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  out[threadIdx.x] = lane;
}

int main() {
  unsigned* d;
  CONFORMANCE_CUDA(cudaMalloc(&d, 32 * sizeof(unsigned)));
  lane_id_kernel<<<1, 32>>>(d);
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  return conformance::finish();
}
