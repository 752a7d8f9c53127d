// Kernels whose barriers the CPU backend can split into loops over threads
// (block-uniform loops, locals kept across barriers, a uniform variable
// reassigned between barriers, 2-D blocks, nested loops, `return` after the
// last barrier, a device function holding a barrier, inlined, a return the
// whole block takes before a barrier) and kernels it
// must leave to fibers (a barrier in a branch, a modified parameter, `return`
// before a barrier).
// Every result is checked against the host in natural and shuffled order.
#include <algorithm>
#include <vector>

#include "conformance_check.h"
#include "device_run.h"

constexpr int kScanThreads = 256;

// Hillis-Steele inclusive scan per block, double-buffered: `current` is
// reassigned by every thread alike between barriers; tid and i are recomputable.
__global__ void double_buffer_scan_kernel(const int* in, int* out) {
  __shared__ int buffer[2][kScanThreads];
  int tid = threadIdx.x;
  int i = blockIdx.x * kScanThreads + tid;
  int current = 0;
  buffer[current][tid] = in[i];
  __syncthreads();
  for (int offset = 1; offset < kScanThreads; offset *= 2) {
    int value = buffer[current][tid];
    if (tid >= offset) value += buffer[current][tid - offset];
    buffer[1 - current][tid] = value;
    current = 1 - current;
    __syncthreads();
  }
  out[i] = buffer[current][tid];
}

// 2-D blocks of 16x8 threads walk tiles of a row-major matrix; per-thread
// accumulators and a small array live across barriers.
__global__ void tile_walk_kernel(const int* in, int* out, int tiles) {
  __shared__ int tile[8][16];
  int x = threadIdx.x, y = threadIdx.y;
  int sum = 0;
  int seen[2];
  seen[0] = 0;
  seen[1] = 0;
  for (int t = 0; t < tiles; ++t) {
    tile[y][x] = in[(blockIdx.x * tiles + t) * 128 + y * 16 + x];
    __syncthreads();
    int mirrored = tile[7 - y][15 - x];
    sum += mirrored * (t + 1);
    seen[t % 2] += mirrored;
    __syncthreads();
  }
  out[(blockIdx.x * 8 + y) * 16 + x] = sum + seen[0] - seen[1];
}

// Nested uniform loops (with a #pragma on the inner one), a uniform local in
// a loop header, and a template parameter.
template <int kRounds>
__global__ void nested_rounds_kernel(int* data, int n) {
  __shared__ int cells[64];
  const int half = n / 2;
  int t = threadIdx.x;
  int mine = data[blockIdx.x * 64 + t];
  for (int outer = 0; outer < kRounds; ++outer) {
#pragma unroll 1
    for (int inner = 0; inner < half; ++inner) {
      cells[t] = mine;
      __syncthreads();
      mine += cells[(t + inner + outer + 1) % 64] % 7;
      __syncthreads();
    }
  }
  data[blockIdx.x * 64 + t] = mine;
}

// `return` after the last barrier: threads past the end leave early.
__global__ void late_return_kernel(const int* in, int* out, int n) {
  __shared__ int values[128];
  int i = blockIdx.x * 128 + threadIdx.x;
  values[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  if (i >= n) return;
  out[i] = values[127 - threadIdx.x] + values[threadIdx.x];
}

// A barrier inside a device function: the call is inlined, then split.
__device__ int exchange(int* cells, int value) {
  cells[threadIdx.x] = value;
  __syncthreads();
  return cells[blockDim.x - 1 - threadIdx.x];
}
__global__ void device_function_barrier_kernel(const int* in, int* out) {
  __shared__ int cells[64];
  int v = in[blockIdx.x * 64 + threadIdx.x];
  out[blockIdx.x * 64 + threadIdx.x] = exchange(cells, v) + v;
}

// A device function whose locals share names with the kernel's (`pos`),
// called twice and inlined both times: each inlined body keeps its own.
__device__ int rotate_sum(int* cells, int value) {
  int pos = threadIdx.x;
  cells[pos] = value;
  __syncthreads();
  int sum = cells[(pos + 1) % 64];
  __syncthreads();
  return sum + pos;
}
__global__ void shadowing_device_function_kernel(const int* in, int* out) {
  __shared__ int cells[64];
  int pos = blockIdx.x * 64 + threadIdx.x;
  int first = rotate_sum(cells, in[pos]);
  int second = rotate_sum(cells, first * 2);
  out[pos] = second - first;
}

// Left to fibers: a parameter modified by every thread, and a barrier in a
// block-uniform branch.
__global__ void modified_parameter_kernel(const int* in, int* out, int shift) {
  __shared__ int cells[64];
  shift += threadIdx.x % 3;
  cells[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x] + shift;
  if (blockIdx.x % 2 == 0) {
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = cells[63 - threadIdx.x];
  } else {
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = cells[(threadIdx.x + 1) % 64];
  }
}

// Left to fibers: threads past the end return before the barrier, which the
// others still meet (returned threads count as arrived).
__global__ void early_return_kernel(const int* in, int* out, int n) {
  __shared__ int values[128];
  int i = blockIdx.x * 128 + threadIdx.x;
  if (i >= n) return;
  values[threadIdx.x] = in[i];
  __syncthreads();
  int last = min(127, n - 1 - int(blockIdx.x) * 128);
  out[i] = values[last - threadIdx.x] - values[threadIdx.x];
}

// Split: the whole block returns when its row is past the end (the
// condition is the same for every thread), before the barrier.
__global__ void row_return_kernel(const int* in, int* out, int rows) {
  __shared__ int row_values[64];
  int row = blockIdx.x;
  if (row >= rows) return;
  row_values[threadIdx.x] = in[row * 64 + threadIdx.x];
  __syncthreads();
  out[row * 64 + threadIdx.x] = row_values[63 - threadIdx.x] + row;
}

int main() {
  {  // scan
    const int blocks = 6;
    std::vector<int> in = conformance::pattern(blocks * kScanThreads, 1), want(in.size());
    for (int b = 0; b < blocks; ++b) {
      int sum = 0;
      for (int t = 0; t < kScanThreads; ++t) want[b * kScanThreads + t] = sum += in[b * kScanThreads + t];
    }
    std::vector<int> got = conformance::run_on_device(in, in.size(), [](const int* i, int* o) {
      double_buffer_scan_kernel<<<6, kScanThreads>>>(i, o);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "double-buffered block scan");
  }
  {  // 2-D tiles
    const int blocks = 3, tiles = 5;
    std::vector<int> in = conformance::pattern(blocks * tiles * 128, 2), want(blocks * 128);
    for (int b = 0; b < blocks; ++b) {
      for (int y = 0; y < 8; ++y) {
        for (int x = 0; x < 16; ++x) {
          int sum = 0, seen[2] = {0, 0};
          for (int t = 0; t < tiles; ++t) {
            int mirrored = in[(b * tiles + t) * 128 + (7 - y) * 16 + (15 - x)];
            sum += mirrored * (t + 1);
            seen[t % 2] += mirrored;
          }
          want[(b * 8 + y) * 16 + x] = sum + seen[0] - seen[1];
        }
      }
    }
    std::vector<int> got = conformance::run_on_device(in, want.size(), [](const int* i, int* o) {
      tile_walk_kernel<<<3, dim3(16, 8)>>>(i, o, 5);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "2-D block, accumulators across barriers");
  }
  {  // nested loops
    const int blocks = 2, n = 6, rounds = 3;
    std::vector<int> data = conformance::pattern(blocks * 64, 3), want = data;
    for (int b = 0; b < blocks; ++b) {
      for (int outer = 0; outer < rounds; ++outer) {
        for (int inner = 0; inner < n / 2; ++inner) {
          std::vector<int> cells(want.begin() + b * 64, want.begin() + b * 64 + 64);
          for (int t = 0; t < 64; ++t) want[b * 64 + t] += cells[(t + inner + outer + 1) % 64] % 7;
        }
      }
    }
    int* d;
    CONFORMANCE_CUDA(cudaMalloc(&d, data.size() * sizeof(int)));
    CONFORMANCE_CUDA(cudaMemcpy(d, data.data(), data.size() * sizeof(int), cudaMemcpyHostToDevice));
    nested_rounds_kernel<3><<<blocks, 64>>>(d, n);
    CONFORMANCE_CUDA(cudaGetLastError());
    CONFORMANCE_CUDA(cudaMemcpy(data.data(), d, data.size() * sizeof(int), cudaMemcpyDeviceToHost));
    CONFORMANCE_CUDA(cudaFree(d));
    conformance::check_equal(data.data(), want.data(), want.size(), "nested uniform loops with barriers");
  }
  {  // return after the last barrier
    const int n = 300;
    std::vector<int> in = conformance::pattern(n, 4), want(384, 0);
    for (int i = 0; i < n; ++i) {
      int b = i / 128, t = i % 128, mirror = b * 128 + 127 - t;
      want[i] = (mirror < n ? in[mirror] : 0) + in[i];
    }
    std::vector<int> got = conformance::run_on_device(in, want.size(), [](const int* i, int* o) {
      late_return_kernel<<<3, 128>>>(i, o, 300);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "return after the last barrier");
  }
  {  // barrier in a device function
    std::vector<int> in = conformance::pattern(128, 5), want(128);
    for (int i = 0; i < 128; ++i) want[i] = in[(i / 64) * 64 + 63 - i % 64] + in[i];
    std::vector<int> got = conformance::run_on_device(in, want.size(), [](const int* i, int* o) {
      device_function_barrier_kernel<<<2, 64>>>(i, o);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "barrier in a device function");
  }
  {  // the same local name in a device function and its caller
    std::vector<int> in = conformance::pattern(128, 9), first(128), want(128);
    for (int i = 0; i < 128; ++i) first[i] = in[(i / 64) * 64 + (i % 64 + 1) % 64] + i % 64;
    for (int i = 0; i < 128; ++i) want[i] = 2 * first[(i / 64) * 64 + (i % 64 + 1) % 64] + i % 64 - first[i];
    std::vector<int> got = conformance::run_on_device(in, want.size(), [](const int* i, int* o) {
      shadowing_device_function_kernel<<<2, 64>>>(i, o);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "device function locals named as the caller's");
  }
  {  // modified parameter, barrier in a uniform branch
    std::vector<int> in = conformance::pattern(256, 6), want(256);
    for (int b = 0; b < 4; ++b) {
      for (int t = 0; t < 64; ++t) {
        int source = b % 2 == 0 ? 63 - t : (t + 1) % 64;
        want[b * 64 + t] = in[b * 64 + source] + 10 + source % 3;
      }
    }
    std::vector<int> got = conformance::run_on_device(in, want.size(), [](const int* i, int* o) {
      modified_parameter_kernel<<<4, 64>>>(i, o, 10);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "modified parameter, barrier in uniform branch");
  }
  {  // return before the barrier
    const int n = 200;
    std::vector<int> in = conformance::pattern(n, 7), want(256, 0);
    for (int i = 0; i < n; ++i) {
      int b = i / 128, t = i % 128, last = std::min(127, n - 1 - b * 128);
      want[i] = in[b * 128 + last - t] - in[i];
    }
    std::vector<int> got = conformance::run_on_device(in, want.size(), [](const int* i, int* o) {
      early_return_kernel<<<2, 128>>>(i, o, 200);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "return before a barrier");
  }
  {  // the whole block returns before the barrier
    const int rows = 3;
    std::vector<int> in = conformance::pattern(rows * 64, 11), want(5 * 64, 0);
    for (int r = 0; r < rows; ++r) {
      for (int t = 0; t < 64; ++t) want[r * 64 + t] = in[r * 64 + 63 - t] + r;
    }
    std::vector<int> got = conformance::run_on_device(in, want.size(), [](const int* i, int* o) {
      row_return_kernel<<<5, 64>>>(i, o, 3);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "block-uniform return before a barrier");
  }
  return conformance::finish();
}
