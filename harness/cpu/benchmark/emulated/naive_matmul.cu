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
  const int size = kNaiveMatmulSize;
  const size_t count = size_t(size) * size;
  float* d_a = to_device(make_input(count, 4));
  float* d_b = to_device(make_input(count, 5));
  float* d_c = device_buffer(count);
  const dim3 block(kMatmulTile, kMatmulTile);
  const dim3 grid(size / kMatmulTile, size / kMatmulTile);
  time_launches("naive_matmul", [&] { naive_matmul_kernel<<<grid, block>>>(d_a, d_b, d_c, size); });
  report_device_checksum("naive_matmul", d_c, count);
  return 0;
}
