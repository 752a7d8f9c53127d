// 512x512 matrix multiply with 16x16 shared-memory tiles and two
// __syncthreads per tile step (64 barriers per thread): measures the CPU
// backend's barrier cost.
#include "harness/cpu/benchmark/emulated/device_driver.h"

using namespace workloads;

__global__ void tiled_matmul_kernel(const float* __restrict__ a, const float* __restrict__ b,
                                    float* __restrict__ c, int size) {
  __shared__ float a_tile[kMatmulTile][kMatmulTile];
  __shared__ float b_tile[kMatmulTile][kMatmulTile];
  int row = blockIdx.y * kMatmulTile + threadIdx.y;
  int col = blockIdx.x * kMatmulTile + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < size / kMatmulTile; ++t) {
    a_tile[threadIdx.y][threadIdx.x] = a[row * size + t * kMatmulTile + threadIdx.x];
    b_tile[threadIdx.y][threadIdx.x] = b[(t * kMatmulTile + threadIdx.y) * size + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < kMatmulTile; ++k) acc += a_tile[threadIdx.y][k] * b_tile[k][threadIdx.x];
    __syncthreads();
  }
  c[row * size + col] = acc;
}

int main() {
  time_matmul("tiled_matmul", kMatmulSize, tiled_matmul_kernel);
  return 0;
}
