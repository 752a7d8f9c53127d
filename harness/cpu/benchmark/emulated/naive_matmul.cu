// 1024x1024 matrix multiply, one thread per output, no shared memory or
// barriers: each thread returns if it is past the edge, then sums its row of
// A times its column of B. Measures the commonest naive kernel, whose k loop
// the backend moves out of the threads (loop interchange).
#include "harness/cpu/benchmark/emulated/device_driver.h"

using namespace workloads;

__global__ void naive_matmul_kernel(const float* __restrict__ a, const float* __restrict__ b,
                                    float* __restrict__ c, int size) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= size || col >= size) return;
  float acc = 0.0f;
  for (int k = 0; k < size; ++k) acc += a[row * size + k] * b[k * size + col];
  c[row * size + col] = acc;
}

int main() {
  time_matmul("naive_matmul", kNaiveMatmulSize, naive_matmul_kernel);
  return 0;
}
