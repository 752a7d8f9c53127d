// Global thread indexes in 32-bit arithmetic, which the CPU backend rewrites
// and vectorises (compiler/signed_thread_indexes.h, split_kernel.h): an
// `int` made from blockIdx.x * N + threadIdx.x wraps as CUDA's unsigned sum
// does when it passes 2^31, in every operand order; 2-D indexes of a naive
// matmul; and a grid past 2^20 blocks in x, whose later blocks the backend
// runs from start lists (both with a barrier, so the kernels split).
// Every result is checked against the host in natural and shuffled order.
#include <vector>

#include "conformance_check.h"
#include "device_run.h"

constexpr int kWrapBlocks = 4, kWrapThreads = 8;

// Block b's part is b * 2^30: at b = 2 and 3 the unsigned sum passes 2^31
// and the int wraps negative.
__global__ void wrapping_index_kernel(int* out) {
  __shared__ int seen[kWrapThreads];
  int first = blockIdx.x * 1073741824u + threadIdx.x;
  const int second = threadIdx.x + 1073741824 * blockIdx.x;
  int slot = blockIdx.x * blockDim.x + threadIdx.x, third = threadIdx.x + blockIdx.x * 1073741824u;
  seen[threadIdx.x] = first;
  __syncthreads();
  out[3 * slot] = seen[(threadIdx.x + 1) % kWrapThreads];
  out[3 * slot + 1] = second;
  out[3 * slot + 2] = third;
}

// c = a * b, n x n, one thread per output on 2-D blocks.
__global__ void naive_matmul_kernel(const int* a, const int* b, int* c, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockDim.x * blockIdx.x + threadIdx.x;
  if (row >= n || col >= n) return;
  int sum = 0;
  for (int k = 0; k < n; ++k) sum += a[row * n + k] * b[k * n + col];
  c[row * n + col] = sum;
}

// Each thread's index, passed through shared memory to its neighbour.
__global__ void long_grid_kernel(int* out, int n) {
  __shared__ int seen[4];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  seen[threadIdx.x] = i;
  __syncthreads();
  if (i < n) out[i] = 3 * seen[(threadIdx.x + 1) % 4] + 1;
}

int main() {
  {
    std::vector<int> out = conformance::run_on_device({0}, 3 * kWrapBlocks * kWrapThreads, [](int*, int* d_out) {
      wrapping_index_kernel<<<kWrapBlocks, kWrapThreads>>>(d_out);
    });
    std::vector<int> want(out.size());
    for (unsigned b = 0; b < kWrapBlocks; ++b) {
      for (unsigned t = 0; t < kWrapThreads; ++t) {
        const unsigned slot = b * kWrapThreads + t, next = (t + 1) % kWrapThreads;
        want[3 * slot] = static_cast<int>(b * 1073741824u + next);
        want[3 * slot + 1] = want[3 * slot + 2] = static_cast<int>(b * 1073741824u + t);
      }
    }
    conformance::check_equal(out.data(), want.data(), out.size(), "int index wrapping past 2^31, three operand orders");
  }
  {
    const int n = 40;
    std::vector<int> a = conformance::pattern(n * n, 3), b = conformance::pattern(n * n, 4);
    int* d_b = conformance::device_copy(b);
    std::vector<int> out = conformance::run_on_device(a, n * n, [&](int* d_a, int* d_c) {
      naive_matmul_kernel<<<dim3((n + 15) / 16, (n + 7) / 8), dim3(16, 8)>>>(d_a, d_b, d_c, n);
    });
    CONFORMANCE_CUDA(cudaFree(d_b));
    std::vector<int> want(n * n);
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        int sum = 0;
        for (int k = 0; k < n; ++k) sum += a[r * n + k] * b[k * n + c];
        want[r * n + c] = sum;
      }
    }
    conformance::check_equal(out.data(), want.data(), out.size(), "naive matmul on 16x8 blocks, ragged edges");
  }
  {
    const int blocks = (1 << 20) + 3, n = blocks * 4 - 2;
    std::vector<int> out = conformance::run_on_device({0}, n, [&](int*, int* d_out) {
      long_grid_kernel<<<blocks, 4>>>(d_out, n);
    });
    std::vector<int> want(n);
    for (int i = 0; i < n; ++i) want[i] = 3 * (i - i % 4 + (i + 1) % 4) + 1;
    conformance::check_equal(out.data(), want.data(), out.size(), "grid of 2^20 + 3 blocks in x");
  }
  return conformance::finish();
}
