// Launch syntax and the built-in index variables: <<<grid, block>>>,
// <<<grid, block, smem>>>, <<<grid, block, smem, stream>>> with ints and dim3,
// 1-D to 3-D grids and blocks, launches inside macros and loops, and "<<<" in
// strings and comments that must be left alone. Each thread records its
// threadIdx/blockIdx/blockDim/gridDim so the host can check every coordinate.
#include <cstring>
#include <vector>

#include "conformance_check.h"

// Writes 8 ints per thread: thread x/y/z, block x/y/z, a packed blockDim and
// a packed gridDim, at the thread's global linear index.
__global__ void record_indices_kernel(int* out) {
  unsigned block_linear = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  unsigned thread_linear = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned threads_per_block = blockDim.x * blockDim.y * blockDim.z;
  int* slot = out + 8 * (block_linear * threads_per_block + thread_linear);
  slot[0] = threadIdx.x;
  slot[1] = threadIdx.y;
  slot[2] = threadIdx.z;
  slot[3] = blockIdx.x;
  slot[4] = blockIdx.y;
  slot[5] = blockIdx.z;
  slot[6] = blockDim.x * 10000 + blockDim.y * 100 + blockDim.z;
  slot[7] = gridDim.x * 10000 + gridDim.y * 100 + gridDim.z;
}

__global__ void add_kernel(int* data, int value, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += value;
}

__global__ void warp_size_kernel(int* out) { out[threadIdx.x] = warpSize; }

// Checks every slot written by record_indices_kernel for one configuration.
static void check_indices(dim3 grid, dim3 block, const char* what) {
  size_t threads = size_t(grid.x) * grid.y * grid.z * block.x * block.y * block.z;
  std::vector<int> got(threads * 8, -1);
  int* d = nullptr;
  CONFORMANCE_CUDA(cudaMalloc(&d, got.size() * sizeof(int)));
  CONFORMANCE_CUDA(cudaMemset(d, 0xff, got.size() * sizeof(int)));
  record_indices_kernel<<<grid, block>>>(d);
  CONFORMANCE_CUDA(cudaGetLastError());
  CONFORMANCE_CUDA(cudaMemcpy(got.data(), d, got.size() * sizeof(int), cudaMemcpyDeviceToHost));
  CONFORMANCE_CUDA(cudaFree(d));
  std::vector<int> want(threads * 8);
  size_t t = 0;
  for (unsigned bz = 0; bz < grid.z; ++bz)
    for (unsigned by = 0; by < grid.y; ++by)
      for (unsigned bx = 0; bx < grid.x; ++bx)
        for (unsigned tz = 0; tz < block.z; ++tz)
          for (unsigned ty = 0; ty < block.y; ++ty)
            for (unsigned tx = 0; tx < block.x; ++tx, ++t) {
              int* w = &want[8 * t];
              w[0] = tx; w[1] = ty; w[2] = tz;
              w[3] = bx; w[4] = by; w[5] = bz;
              w[6] = block.x * 10000 + block.y * 100 + block.z;
              w[7] = grid.x * 10000 + grid.y * 100 + grid.z;
            }
  conformance::check_equal(got.data(), want.data(), want.size(), what);
}

#define LAUNCH_ADD(data, value, n) add_kernel<<<((n) + 63) / 64, 64>>>((data), (value), (n))

int main() {
  // The launch syntax below must not be confused by these: <<<1, 1>>> in a
  // comment, and in strings.
  const char* text = "k<<<grid, block>>>(x); /* <<< */";
  conformance::check(std::strlen(text) == 32 && text[1] == '<', "string containing <<< left alone");
  std::printf("note: a literal launch looks like kernel<<<1, 32>>>(args)\n");

  check_indices(dim3(7), dim3(33), "1-D grid, 1-D block (dim3)");
  check_indices(dim3(3, 2), dim3(8, 4), "2-D grid, 2-D block");
  check_indices(dim3(2, 3, 2), dim3(4, 2, 3), "3-D grid, 3-D block");
  check_indices(dim3(1, 1, 5), dim3(1, 1, 64), "grid and block along z only");

  // Int arguments, shared-memory size, and an explicit stream.
  const int n = 300;
  std::vector<int> host(n, 0), want(n, 0);
  int* d = nullptr;
  CONFORMANCE_CUDA(cudaMalloc(&d, n * sizeof(int)));
  CONFORMANCE_CUDA(cudaMemset(d, 0, n * sizeof(int)));
  cudaStream_t stream;
  CONFORMANCE_CUDA(cudaStreamCreate(&stream));
  add_kernel<<<5, 64>>>(d, 1, n);
  add_kernel<<<5, 64, 0>>>(d, 2, n);
  add_kernel<<<dim3(5), dim3(64), 128>>>(d, 4, n);
  add_kernel<<<5, 64, 0, stream>>>(d, 8, n);
  add_kernel<<<dim3(5, 1, 1), dim3(64, 1, 1), 256, stream>>>(d, 16, n);
  add_kernel<<<5, 64, 0, 0>>>(d, 32, n);  // 0 is the legacy default stream
  // Launches inside a loop and inside a macro.
  for (int round = 0; round < 3; ++round) {
    add_kernel<<<(n + 127) / 128, 128>>>(d, 100, n);
  }
  LAUNCH_ADD(d, 1000, n);
  CONFORMANCE_CUDA(cudaGetLastError());
  CONFORMANCE_CUDA(cudaStreamSynchronize(stream));
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  CONFORMANCE_CUDA(cudaMemcpy(host.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) want[i] = 1 + 2 + 4 + 8 + 16 + 32 + 300 + 1000;
  conformance::check_equal(host.data(), want.data(), n, "launch forms with smem, stream, loop and macro");
  CONFORMANCE_CUDA(cudaStreamDestroy(stream));
  CONFORMANCE_CUDA(cudaFree(d));

  int* d_warp = nullptr;
  int warp[64];
  CONFORMANCE_CUDA(cudaMalloc(&d_warp, sizeof(warp)));
  warp_size_kernel<<<1, 64>>>(d_warp);
  CONFORMANCE_CUDA(cudaMemcpy(warp, d_warp, sizeof(warp), cudaMemcpyDeviceToHost));
  int want_warp[64];
  for (int& w : want_warp) w = 32;
  conformance::check_equal(warp, want_warp, 64, "warpSize is 32 in every thread");
  CONFORMANCE_CUDA(cudaFree(d_warp));
  return conformance::finish();
}
