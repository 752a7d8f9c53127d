// 512x512 matrix multiply with 16x16 shared-memory tiles and two
// __syncthreads per tile step (64 barriers per thread): measures the CPU
// backend's barrier cost.
#include "harness/cpu/benchmark/emulated/cuda_check.h"
#include "harness/cpu/benchmark/workloads.h"

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
  const int size = kMatmulSize;
  const size_t count = size_t(size) * size;
  std::vector<float> a = make_input(count, 4), b = make_input(count, 5), c(count);
  float *d_a, *d_b, *d_c;
  BENCH_CUDA(cudaMalloc(&d_a, count * sizeof(float)));
  BENCH_CUDA(cudaMalloc(&d_b, count * sizeof(float)));
  BENCH_CUDA(cudaMalloc(&d_c, count * sizeof(float)));
  BENCH_CUDA(cudaMemcpy(d_a, a.data(), count * sizeof(float), cudaMemcpyHostToDevice));
  BENCH_CUDA(cudaMemcpy(d_b, b.data(), count * sizeof(float), cudaMemcpyHostToDevice));
  const dim3 block(kMatmulTile, kMatmulTile);
  const dim3 grid(size / kMatmulTile, size / kMatmulTile);
  time_and_report("tiled_matmul", [&] {
    tiled_matmul_kernel<<<grid, block>>>(d_a, d_b, d_c, size);
    BENCH_CUDA(cudaGetLastError());
    BENCH_CUDA(cudaDeviceSynchronize());
  });
  BENCH_CUDA(cudaMemcpy(c.data(), d_c, count * sizeof(float), cudaMemcpyDeviceToHost));
  report_checksum("tiled_matmul", c);
  return 0;
}
