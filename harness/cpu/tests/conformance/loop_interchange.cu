// Kernels whose block-uniform loops the CPU backend interchanges with the
// loop over threads (the loop runs once per block, each iteration one loop
// over the threads): a naive matmul with a bounds guard after the loop, a
// 2-D block, nested unbraced loops, a uniform loop inside a loop with
// barriers, locals declared before the loop and used after it, a loop whose
// bound is blockDim, threads that return before and between such loops,
// loops under per-thread guards (nested, one with a `return` inside),
// loops whose iterations it runs several at a time (jammed), and
// loops it must leave inside the threads (a thread-varying bound,
// `continue`, `break`, a constant bound).
// Every result is checked against the host in natural and shuffled order.
#include <vector>

#include "conformance_check.h"
#include "device_run.h"

// One thread per output of c (rows x cols) = a (rows x inner) * b (inner x
// cols); the grid overshoots, and only threads inside write.
__global__ void naive_matmul_kernel(const int* a, const int* b, int* c, int rows, int cols, int inner) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int r = row < rows ? row : rows - 1, k_col = col < cols ? col : cols - 1;
  int sum = 0;
  for (int k = 0; k < inner; ++k) sum += a[r * inner + k] * b[k * cols + k_col];
  if (row < rows && col < cols) c[row * cols + col] = sum;
}

// Nested unbraced loops over a window; a local declared before them, one in
// the inner body, and the result used after.
__global__ void window_kernel(const int* in, int* out, int n, int radius) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int weight = i % 5 + 1;
  int total = 0;
  for (int u = 0; u <= 2 * radius; ++u)
    for (int v = 0; v < radius; ++v) total += in[(i + u * v) % n] * weight - v;
  out[i] = total;
}

// A uniform loop between barriers (its bound a parameter) and one bounded by
// blockDim, reading the shared tile the barriers protect.
__global__ void tiles_then_rows_kernel(const int* in, int* out, int tiles, int repeat) {
  __shared__ int tile[64];
  int t = threadIdx.x;
  int acc = 0;
  for (int s = 0; s < tiles; ++s) {
    tile[t] = in[(blockIdx.x * tiles + s) * 64 + t];
    __syncthreads();
    for (int r = 0; r < repeat; ++r) {
      int v = tile[(t + r) % 64];
      acc += v * (r + 1);
    }
    __syncthreads();
  }
  int mixed = 0;
  for (unsigned j = 0; j < blockDim.x; ++j) mixed ^= (acc + static_cast<int>(j)) * 3;
  out[blockIdx.x * 64 + t] = acc + mixed;
}

// Threads past the end return before the first loop; others return between
// the two loops, each writing its own marker first.
__global__ void staged_exit_kernel(const int* in, int* out, int n, int steps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = in[i];
  for (int s = 0; s < steps; ++s) v = v * 3 % 1001 + s;
  if (v % 4 == 0) {
    out[i] = -1 - v;
    return;
  }
  for (int s = 0; s < steps; ++s) v += in[(i + s) % n];
  out[i] = v;
}

// The guard form of the naive kernel, with a nested guard around a second
// loop and a thread that returns inside the outer guard; an `if` with an
// `else` stays in the threads.
__global__ void guarded_kernel(const int* in, int* out, int n, int steps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int extra = 0;
  if (i < n) {
    int v = in[i];
    for (int s = 0; s < steps; ++s) v += in[(i * 7 + s) % n] % 10;
    if (v % 3 == 0) {
      for (int s = 0; s < steps; ++s) v -= s;
      extra = 1;
    }
    if (v % 5 == 0) return;
    out[i] = v;
  }
  if (i % 2 == 0) {
    for (int s = 0; s < steps; ++s) extra += s;
  } else {
    extra = -extra;
  }
  if (i < n + 10) out[n + 10 + i] = extra;
}

// Loops whose iterations the backend runs several at a time in each
// thread's pass (jammed): trip counts that leave remainders, an int counter
// that ends at INT_MAX (no step may pass it), an unsigned counter stepped
// by `k += 1`, and an order-sensitive update (acc * 3 + ...), so that a
// skipped, repeated or reordered iteration changes the result.
__global__ void jammed_kernel(const int* in, int* out, int n, int trips, int last) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned acc = i;  // wraps, as the host's does
  for (int k = 0; k < trips; ++k) acc = acc * 3u + unsigned(in[(i + k) % n] - k);
  for (int k = last - 6; k < last; k++) acc = acc * 5u + unsigned(last - k);
  for (unsigned k = 2; k < unsigned(trips) + 2u; k += 1) acc ^= unsigned(in[(i * 3 + int(k)) % n]) + k;
  out[i] = int(acc);
}

// Left in the threads: a bound that differs between threads, `continue`,
// `break`, and a constant bound.
__global__ void left_in_threads_kernel(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int a = 0, b = 0, c = 0, d = 0;
  for (int k = 0; k < i % 7; ++k) a += in[(i + k) % n];
  for (int k = 0; k < n; ++k) {
    if ((k + i) % 3 == 0) continue;
    b += in[k];
  }
  for (int k = 0; k < n; ++k) {
    if (in[k] > 400 + i % 50) break;
    c += 1;
  }
  for (int k = 0; k < 4; ++k) d += in[(i * 4 + k) % n];
  out[i] = a + 2 * b + 3 * c + 5 * d;
}

int main() {
  {  // naive matmul, 2-D blocks, grid past the edges
    const int rows = 37, cols = 45, inner = 29;
    std::vector<int> a = conformance::pattern(rows * inner, 1), b = conformance::pattern(inner * cols, 2);
    for (int& v : a) v %= 50;
    for (int& v : b) v %= 50;
    std::vector<int> want(rows * cols);
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) {
        int sum = 0;
        for (int k = 0; k < inner; ++k) sum += a[r * inner + k] * b[k * cols + c];
        want[r * cols + c] = sum;
      }
    }
    int* d_a = conformance::device_copy(a);
    int* d_b = conformance::device_copy(b);
    int* d_c = conformance::device_array<int>(want.size());
    naive_matmul_kernel<<<dim3(3, 5), dim3(16, 8)>>>(d_a, d_b, d_c, rows, cols, inner);
    CONFORMANCE_CUDA(cudaGetLastError());
    std::vector<int> got = conformance::host_copy(d_c, want.size());
    CONFORMANCE_CUDA(cudaFree(d_a));
    CONFORMANCE_CUDA(cudaFree(d_b));
    CONFORMANCE_CUDA(cudaFree(d_c));
    conformance::check_equal(got.data(), want.data(), want.size(), "naive matmul, loop over the inner dimension");
  }
  // jammed loops: every remainder of 4, and a counter that ends at INT_MAX
  for (int trips : {0, 1, 2, 3, 4, 5, 6, 7, 9, 13}) {
    const int n = 96, last = trips % 2 == 0 ? 2147483647 : 100;
    std::vector<int> in = conformance::pattern(n, 20 + trips), want(n);
    for (int i = 0; i < n; ++i) {
      unsigned acc = i;
      for (int k = 0; k < trips; ++k) acc = acc * 3u + unsigned(in[(i + k) % n] - k);
      for (int k = last - 6; k < last; k++) acc = acc * 5u + unsigned(last - k);
      for (unsigned k = 2; k < unsigned(trips) + 2u; k += 1) acc ^= unsigned(in[(i * 3 + int(k)) % n]) + k;
      want[i] = int(acc);
    }
    std::vector<int> got = conformance::run_on_device(in, want.size(), [&](const int* d_in, int* d_out) {
      jammed_kernel<<<3, 32>>>(d_in, d_out, n, trips, last);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "loops run several iterations a pass");
  }
  {  // nested unbraced loops
    const int n = 256, radius = 3;
    std::vector<int> in = conformance::pattern(n, 3), want(n);
    for (int i = 0; i < n; ++i) {
      int total = 0;
      for (int u = 0; u <= 2 * radius; ++u) {
        for (int v = 0; v < radius; ++v) total += in[(i + u * v) % n] * (i % 5 + 1) - v;
      }
      want[i] = total;
    }
    std::vector<int> got = conformance::run_on_device(in, want.size(), [](const int* i, int* o) {
      window_kernel<<<4, 64>>>(i, o, 256, 3);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "nested unbraced uniform loops");
  }
  {  // a uniform loop between barriers, one bounded by blockDim
    const int blocks = 3, tiles = 4, repeat = 9;
    std::vector<int> in = conformance::pattern(blocks * tiles * 64, 4), want(blocks * 64);
    for (int b = 0; b < blocks; ++b) {
      for (int t = 0; t < 64; ++t) {
        int acc = 0;
        for (int s = 0; s < tiles; ++s) {
          for (int r = 0; r < repeat; ++r) acc += in[(b * tiles + s) * 64 + (t + r) % 64] * (r + 1);
        }
        int mixed = 0;
        for (int j = 0; j < 64; ++j) mixed ^= (acc + j) * 3;
        want[b * 64 + t] = acc + mixed;
      }
    }
    std::vector<int> got = conformance::run_on_device(in, want.size(), [](const int* i, int* o) {
      tiles_then_rows_kernel<<<3, 64>>>(i, o, 4, 9);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "uniform loops between barriers");
  }
  {  // early returns
    const int n = 150, steps = 6;
    std::vector<int> in = conformance::pattern(n, 6), want(192, 0);
    for (int i = 0; i < n; ++i) {
      int v = in[i];
      for (int s = 0; s < steps; ++s) v = v * 3 % 1001 + s;
      if (v % 4 == 0) {
        want[i] = -1 - v;
        continue;
      }
      for (int s = 0; s < steps; ++s) v += in[(i + s) % n];
      want[i] = v;
    }
    std::vector<int> got = conformance::run_on_device(in, want.size(), [](const int* i, int* o) {
      staged_exit_kernel<<<3, 64>>>(i, o, 150, 6);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "returns before and between uniform loops");
  }
  {  // guards
    const int n = 150, steps = 5;
    std::vector<int> in = conformance::pattern(n, 7), want(2 * n + 20, 0);
    for (int i = 0; i < 192; ++i) {
      int extra = 0;
      if (i < n) {
        int v = in[i];
        for (int s = 0; s < steps; ++s) v += in[(i * 7 + s) % n] % 10;
        if (v % 3 == 0) {
          for (int s = 0; s < steps; ++s) v -= s;
          extra = 1;
        }
        if (v % 5 == 0) continue;
        want[i] = v;
      }
      if (i % 2 == 0) {
        for (int s = 0; s < steps; ++s) extra += s;
      } else {
        extra = -extra;
      }
      if (i < n + 10) want[n + 10 + i] = extra;
    }
    std::vector<int> got = conformance::run_on_device(in, want.size(), [](const int* i, int* o) {
      guarded_kernel<<<3, 64>>>(i, o, 150, 5);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "loops under per-thread guards");
  }
  {  // loops left in the threads
    const int n = 192;
    std::vector<int> in = conformance::pattern(n, 5), want(n);
    for (int i = 0; i < n; ++i) {
      int a = 0, b = 0, c = 0, d = 0;
      for (int k = 0; k < i % 7; ++k) a += in[(i + k) % n];
      for (int k = 0; k < n; ++k) {
        if ((k + i) % 3 != 0) b += in[k];
      }
      for (int k = 0; k < n && in[k] <= 400 + i % 50; ++k) c += 1;
      for (int k = 0; k < 4; ++k) d += in[(i * 4 + k) % n];
      want[i] = a + 2 * b + 3 * c + 5 * d;
    }
    std::vector<int> got = conformance::run_on_device(in, want.size(), [](const int* i, int* o) {
      left_in_threads_kernel<<<3, 64>>>(i, o, 192);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "loops left inside the threads");
  }
  return conformance::finish();
}
