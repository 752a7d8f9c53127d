// KNOWN WRONG: copies the input to the output.
//
// Right wherever the input is positive: on inputs drawn from [0, 1) it would
// pass. The test inputs lie in [-1, 1), as upstream's, so every negative
// element is wrong by a factor 1 / alpha.
#include <cuda_runtime.h>

#include <cstddef>

extern "C" void solution(const float* input, float alpha, float* output, size_t n, size_t m) {
  (void)alpha;
  cudaMemcpy(output, input, n * m * sizeof(float), cudaMemcpyDeviceToDevice);
}
