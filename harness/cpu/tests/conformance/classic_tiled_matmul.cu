// Tiled shared-memory matrix multiply (C = A * B, non-square, sizes not a
// multiple of the tile) with two __syncthreads per tile step, as taught in
// every CUDA course; checked against a double-precision host product.
#include <vector>

#include "conformance_check.h"

template <int TILE>
__global__ void tiled_matmul_kernel(const float* a, const float* b, float* c, int m, int k, int n) {
  __shared__ float a_tile[TILE][TILE];
  __shared__ float b_tile[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < (k + TILE - 1) / TILE; ++t) {
    int a_col = t * TILE + threadIdx.x;
    int b_row = t * TILE + threadIdx.y;
    a_tile[threadIdx.y][threadIdx.x] = row < m && a_col < k ? a[row * k + a_col] : 0.0f;
    b_tile[threadIdx.y][threadIdx.x] = b_row < k && col < n ? b[b_row * n + col] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int j = 0; j < TILE; ++j) acc += a_tile[threadIdx.y][j] * b_tile[j][threadIdx.x];
    __syncthreads();
  }
  if (row < m && col < n) c[row * n + col] = acc;
}

int main() {
  const int m = 77, k = 130, n = 45;
  std::vector<float> a(m * k), b(k * n), c(m * n);
  std::vector<double> want(m * n);
  for (int i = 0; i < m * k; ++i) a[i] = static_cast<float>((i * 7) % 19) / 19.0f - 0.5f;
  for (int i = 0; i < k * n; ++i) b[i] = static_cast<float>((i * 11) % 23) / 23.0f - 0.5f;
  for (int r = 0; r < m; ++r)
    for (int col = 0; col < n; ++col) {
      double acc = 0;
      for (int j = 0; j < k; ++j) acc += double(a[r * k + j]) * b[j * n + col];
      want[r * n + col] = acc;
    }
  float *d_a, *d_b, *d_c;
  CONFORMANCE_CUDA(cudaMalloc(&d_a, a.size() * sizeof(float)));
  CONFORMANCE_CUDA(cudaMalloc(&d_b, b.size() * sizeof(float)));
  CONFORMANCE_CUDA(cudaMalloc(&d_c, c.size() * sizeof(float)));
  CONFORMANCE_CUDA(cudaMemcpy(d_a, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice));
  CONFORMANCE_CUDA(cudaMemcpy(d_b, b.data(), b.size() * sizeof(float), cudaMemcpyHostToDevice));

  tiled_matmul_kernel<16><<<dim3((n + 15) / 16, (m + 15) / 16), dim3(16, 16)>>>(d_a, d_b, d_c, m, k, n);
  CONFORMANCE_CUDA(cudaGetLastError());
  CONFORMANCE_CUDA(cudaMemcpy(c.data(), d_c, c.size() * sizeof(float), cudaMemcpyDeviceToHost));
  std::vector<double> got(c.begin(), c.end());
  // 130 float products summed in float: allow 1e-4 absolute on values of ~1.
  conformance::check_close(got.data(), want.data(), got.size(), 1e-4, 1e-4, "tiled matmul, 16x16 tiles");

  tiled_matmul_kernel<32><<<dim3((n + 31) / 32, (m + 31) / 32), dim3(32, 32)>>>(d_a, d_b, d_c, m, k, n);
  CONFORMANCE_CUDA(cudaGetLastError());
  CONFORMANCE_CUDA(cudaMemcpy(c.data(), d_c, c.size() * sizeof(float), cudaMemcpyDeviceToHost));
  got.assign(c.begin(), c.end());
  conformance::check_close(got.data(), want.data(), got.size(), 1e-4, 1e-4,
                           "tiled matmul, 32x32 tiles (1024 threads per block)");
  CONFORMANCE_CUDA(cudaFree(d_a));
  CONFORMANCE_CUDA(cudaFree(d_b));
  CONFORMANCE_CUDA(cudaFree(d_c));
  return conformance::finish();
}
