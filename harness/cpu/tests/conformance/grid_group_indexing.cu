// Cooperative groups' grid_group used for indexing only (no grid sync,
// which needs a cooperative launch): a grid-stride loop over thread_rank()
// and size(), and block_rank / num_blocks / dim_blocks on a 2-D grid.
#include <cooperative_groups.h>

#include <vector>

#include "conformance_check.h"

namespace cg = cooperative_groups;

__global__ void grid_stride_square(const int* in, int* out, int n) {
  cg::grid_group grid = cg::this_grid();
  for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.size()) {
    out[i] = in[i] * in[i];
  }
}

__global__ void describe_grid(int* out) {
  auto grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  if (block.thread_rank() == 0) {
    int* o = out + 4 * grid.block_rank();
    o[0] = int(grid.block_rank());
    o[1] = int(grid.num_blocks());
    o[2] = int(grid.dim_blocks().x * 100 + grid.dim_blocks().y);
    o[3] = int(grid.num_threads());
  }
}

int main() {
  const int n = 10007;
  std::vector<int> in(n), got(n), want(n);
  for (int i = 0; i < n; ++i) in[i] = i % 97 - 40;
  int *d_in = nullptr, *d_out = nullptr;
  CONFORMANCE_CUDA(cudaMalloc(&d_in, n * sizeof(int)));
  CONFORMANCE_CUDA(cudaMalloc(&d_out, n * sizeof(int)));
  CONFORMANCE_CUDA(cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  grid_stride_square<<<7, 96>>>(d_in, d_out, n);
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) want[i] = in[i] * in[i];
  conformance::check_equal(got.data(), want.data(), size_t(n), "grid-stride loop over grid.thread_rank() / grid.size()");

  const dim3 grid_shape(3, 2);
  describe_grid<<<grid_shape, dim3(8, 4)>>>(d_out);
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, 24 * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < 6; ++b) {
    want[4 * b + 0] = b;
    want[4 * b + 1] = 6;
    want[4 * b + 2] = 302;
    want[4 * b + 3] = 6 * 32;
  }
  conformance::check_equal(got.data(), want.data(), 24, "grid_group block_rank / num_blocks / dim_blocks / num_threads");
  CONFORMANCE_CUDA(cudaFree(d_in));
  CONFORMANCE_CUDA(cudaFree(d_out));
  return conformance::finish();
}
