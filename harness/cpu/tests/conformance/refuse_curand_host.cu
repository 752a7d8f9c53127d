// cuRAND's host library (curand.h: generators created on the host, filled by
// curandGenerate*) has no CPU build here: cucc must refuse a call to it at
// compile time, naming the function, the library and the line, instead of
// failing at link time with undefined symbols. The device API of
// curand_kernel.h in the same file is inline code and is not refused. nvcc
// compiles this file with -c (linking would need -lcurand).
#include <curand.h>
#include <curand_kernel.h>

#include "conformance_check.h"

__global__ void draw(float* out, unsigned long long seed) {
  curandState state;
  curand_init(seed, threadIdx.x, 0, &state);
  out[threadIdx.x] = curand_uniform(&state);
}

int main() {
  float* d;
  CONFORMANCE_CUDA(cudaMalloc(&d, 32 * sizeof(float)));
  draw<<<1, 32>>>(d, 1234);
  curandGenerator_t generator;
  curandCreateGenerator(&generator, CURAND_RNG_PSEUDO_DEFAULT);
  curandGenerateUniform(generator, d, 32);
  curandDestroyGenerator(generator);
  return conformance::finish();
}
