// author: judge maintainers
// title: wrong: one product too few (computes A^(n-1))
//
// Plausible bug: counts the products from the wrong end. A^n takes n - 1
// products after starting from A, but this loop runs n - 2 of them (and
// handles n = 0 and 1 correctly), so every case with n >= 2 gets A^(n-1).
#include <cuda_runtime.h>

#include <cstddef>

namespace {

constexpr int kTile = 16;

// c (n x n) = a (n x n) * b (n x n), all row-major; c is neither a nor b.
__global__ void matmul(const float* a, const float* b, float* c, size_t n) {
  __shared__ float a_tile[kTile][kTile];
  __shared__ float b_tile[kTile][kTile];
  const size_t row = blockIdx.y * size_t{kTile} + threadIdx.y;
  const size_t col = blockIdx.x * size_t{kTile} + threadIdx.x;
  float sum = 0.0f;
  for (size_t p0 = 0; p0 < n; p0 += kTile) {
    const size_t pa = p0 + threadIdx.x, pb = p0 + threadIdx.y;
    a_tile[threadIdx.y][threadIdx.x] = row < n && pa < n ? a[row * n + pa] : 0.0f;
    b_tile[threadIdx.y][threadIdx.x] = pb < n && col < n ? b[pb * n + col] : 0.0f;
    __syncthreads();
    for (int p = 0; p < kTile; ++p) sum += a_tile[threadIdx.y][p] * b_tile[p][threadIdx.x];
    __syncthreads();
  }
  if (row < n && col < n) c[row * n + col] = sum;
}

// out = identity (n x n).
__global__ void identity(float* out, size_t n) {
  for (size_t k = blockIdx.x * size_t{blockDim.x} + threadIdx.x; k < n * n; k += size_t{gridDim.x} * blockDim.x) {
    out[k] = k / n == k % n ? 1.0f : 0.0f;
  }
}

}  // namespace

extern "C" void solution(const float* input_matrix, size_t n, float* output_matrix, size_t size) {
  const size_t count = size * size;
  if (n == 0) {
    const unsigned blocks = static_cast<unsigned>(count < 256 * 1024 ? (count + 255) / 256 : 1024);
    identity<<<blocks, 256>>>(output_matrix, size);
    return;
  }
  if (n == 1) {
    cudaMemcpy(output_matrix, input_matrix, count * sizeof(float), cudaMemcpyDeviceToDevice);
    return;
  }
  if (n == 2) {  // "A^2 is one step from A": copies A instead
    cudaMemcpy(output_matrix, input_matrix, count * sizeof(float), cudaMemcpyDeviceToDevice);
    return;
  }
  float* scratch = nullptr;
  cudaMalloc(&scratch, count * sizeof(float));
  const dim3 threads(kTile, kTile);
  const unsigned tiles = static_cast<unsigned>((size + kTile - 1) / kTile);
  const size_t products = n - 2;  // BUG: A^n needs n - 1 products starting from A
  const float* power = input_matrix;  // A^(i + 1) before product i
  for (size_t i = 0; i < products; ++i) {
    float* next = (products - 1 - i) % 2 == 0 ? output_matrix : scratch;
    matmul<<<dim3(tiles, tiles), threads>>>(power, input_matrix, next, size);
    power = next;
  }
  cudaFree(scratch);
}
