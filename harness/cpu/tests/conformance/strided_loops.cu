// Kernels with strided loops, which the CPU backend runs in rounds (each
// round one iteration of every thread that has one left): a block-stride
// sum with a ragged end, a grid-stride loop over int indexes with threads
// that start past the end, a lane-strided loop under a guard, a loop of
// stride 1 whose length differs per thread, counters that start negative
// (down to near int's minimum) or past the bound, a strided loop as the single statement of a block-uniform
// loop, one after threads returned, and loops the rounds cannot hold exactly
// (a bound or stride over half the counter's range, a negative bound), which
// run each thread's loop whole.
// Every result is checked against the host in natural and shuffled order.
#include <cstddef>
#include <vector>

#include "conformance_check.h"
#include "device_run.h"

// Each thread sums every blockDim.x-th value from its own index.
__global__ void block_stride_kernel(const int* in, int* out, size_t n) {
  int sum = 0;
  for (size_t k = threadIdx.x; k < n; k += blockDim.x) sum += in[k] * static_cast<int>(k % 7 + 1);
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum + static_cast<int>(blockIdx.x);
}

// A grid smaller than the data, and threads whose first index is past it.
__global__ void grid_stride_kernel(const int* in, int* out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) out[i] = in[i] * 3 + i;
}

// One warp per line; lanes stride over the line (the sum-dim form).
__global__ void lanes_kernel(const int* in, int* out, int lines, int extent) {
  const unsigned lane = threadIdx.x % 32;
  const int line = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  const bool active = line < lines;
  int sum = 0;
  if (active) {
    for (unsigned k = lane; k < static_cast<unsigned>(extent); k += 32) sum += in[line * extent + k] - static_cast<int>(k);
  }
  if (active) out[line * 32 + lane] = sum;
}

// Stride 1 from the thread's index: thread t runs n - t iterations.
__global__ void triangle_kernel(const int* in, int* out, int n) {
  const int t = threadIdx.x;
  int sum = 0;
  for (int k = t; k < n; ++k) sum = sum * 3 % 1000003 + in[k];
  out[t] = sum;
}

// Counters that start below zero, and ones that start at or past the bound;
// and starts near int's minimum, whose last iterations lie more than
// INT_MAX past them.
__global__ void odd_starts_kernel(const int* in, int* out, int n, int far_bound) {
  const int t = threadIdx.x;
  int below = 0, past = 0, far = 0;
  for (int k = t - 40; k < n; k += 64) below += k < 0 ? k : in[k];
  for (int k = t + n; k < n + 16; k += 1) past += k;
  for (int k = t - 2147483000; k < far_bound; k += 1 << 29) far = far * 7 + (k % 1000);
  out[3 * t] = below;
  out[3 * t + 1] = past;
  out[3 * t + 2] = far;
}

// A strided loop as the single statement of a block-uniform loop.
__global__ void nested_kernel(const int* in, int* out, int n, int repeats) {
  const int t = threadIdx.x;
  int sum = 0;
  for (int r = 0; r < repeats; ++r)
    for (int k = t; k < n; k += blockDim.x) sum += in[k] * (r + 1);
  out[t] = sum;
}

// Threads past the end return first; the others loop from their index.
__global__ void after_return_kernel(const int* in, int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int sum = 0;
  for (int k = i; k < 2 * n; k += 50) sum += in[k % n];
  out[i] = sum;
}

// Bounds and strides the rounds cannot hold: over half of unsigned's range
// (two iterations each, no wrap), and a negative bound (no iteration).
__global__ void whole_loops_kernel(int* out, unsigned bound, unsigned stride, int negative) {
  const unsigned t = threadIdx.x;
  int count = 0, none = 0;
  for (unsigned k = t; k < bound; k += stride) count += static_cast<int>(k % 1000) + 1;
  for (int k = static_cast<int>(t); k < negative; k += 8) none += 1;
  out[2 * t] = count;
  out[2 * t + 1] = none;
}

int main() {
  {  // block-stride sums, ragged end
    const size_t n = 1000;
    std::vector<int> in = conformance::pattern(n, 1), want(3 * 96);
    for (int b = 0; b < 3; ++b) {
      for (int t = 0; t < 96; ++t) {
        int sum = 0;
        for (size_t k = t; k < n; k += 96) sum += in[k] * static_cast<int>(k % 7 + 1);
        want[b * 96 + t] = sum + b;
      }
    }
    std::vector<int> got = conformance::run_on_device(in, want.size(), [](const int* i, int* o) {
      block_stride_kernel<<<3, 96>>>(i, o, 1000);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "block-stride sums");
  }
  {  // grid-stride, several rounds, some threads start past the end
    const int n = 1000;
    std::vector<int> in = conformance::pattern(n, 2), want(n);
    for (int i = 0; i < n; ++i) want[i] = in[i] * 3 + i;
    std::vector<int> got = conformance::run_on_device(in, want.size(), [](const int* i, int* o) {
      grid_stride_kernel<<<5, 64>>>(i, o, 1000);
      grid_stride_kernel<<<9, 128>>>(i, o, 1000);  // 1152 threads: the last 152 have nothing to do
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "grid-stride loop");
  }
  {  // lanes striding over lines, under a guard
    const int lines = 11, extent = 77;
    std::vector<int> in = conformance::pattern(lines * extent, 3), want(lines * 32);
    for (int line = 0; line < lines; ++line) {
      for (int lane = 0; lane < 32; ++lane) {
        int sum = 0;
        for (int k = lane; k < extent; k += 32) sum += in[line * extent + k] - k;
        want[line * 32 + lane] = sum;
      }
    }
    std::vector<int> got = conformance::run_on_device(in, want.size(), [](const int* i, int* o) {
      lanes_kernel<<<3, 128>>>(i, o, 11, 77);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "lane-strided loop under a guard");
  }
  {  // stride 1, a different length per thread
    const int n = 100;
    std::vector<int> in = conformance::pattern(n, 4), want(128);
    for (int t = 0; t < 128; ++t) {
      int sum = 0;
      for (int k = t; k < n; ++k) sum = sum * 3 % 1000003 + in[k];
      want[t] = sum;
    }
    std::vector<int> got = conformance::run_on_device(in, want.size(), [](const int* i, int* o) {
      triangle_kernel<<<1, 128>>>(i, o, 100);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "stride 1 from the thread's index");
  }
  {  // negative starts, starts past the bound
    const int n = 300;
    std::vector<int> in = conformance::pattern(n, 5), want(3 * 64);
    for (int t = 0; t < 64; ++t) {
      int below = 0, past = 0, far = 0;
      for (int k = t - 40; k < n; k += 64) below += k < 0 ? k : in[k];
      for (int k = t + n; k < n + 16; k += 1) past += k;
      for (int k = t - 2147483000; k < (1 << 30) - 1; k += 1 << 29) far = far * 7 + (k % 1000);
      want[3 * t] = below;
      want[3 * t + 1] = past;
      want[3 * t + 2] = far;
    }
    std::vector<int> got = conformance::run_on_device(in, want.size(), [](const int* i, int* o) {
      odd_starts_kernel<<<1, 64>>>(i, o, 300, (1 << 30) - 1);  // 6 iterations, the last 5 * 2^29 past the start
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "counters starting below zero or past the bound");
  }
  {  // inside a block-uniform loop
    const int n = 333, repeats = 3;
    std::vector<int> in = conformance::pattern(n, 6), want(64);
    for (int t = 0; t < 64; ++t) {
      int sum = 0;
      for (int r = 0; r < repeats; ++r) {
        for (int k = t; k < n; k += 64) sum += in[k] * (r + 1);
      }
      want[t] = sum;
    }
    std::vector<int> got = conformance::run_on_device(in, want.size(), [](const int* i, int* o) {
      nested_kernel<<<1, 64>>>(i, o, 333, 3);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "strided loop inside a block-uniform loop");
  }
  {  // after returns
    const int n = 150;
    std::vector<int> in = conformance::pattern(n, 7), want(192, 0);
    for (int i = 0; i < n; ++i) {
      int sum = 0;
      for (int k = i; k < 2 * n; k += 50) sum += in[k % n];
      want[i] = sum;
    }
    std::vector<int> got = conformance::run_on_device(in, want.size(), [](const int* i, int* o) {
      after_return_kernel<<<3, 64>>>(i, o, 150);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "strided loop after returns");
  }
  {  // loops run whole
    const unsigned bound = 3000000000u, stride = 1500000000u;
    std::vector<int> want(2 * 32);
    for (unsigned t = 0; t < 32; ++t) {
      int count = 0;
      for (unsigned k = t; k < bound; k += stride) count += static_cast<int>(k % 1000) + 1;
      want[2 * t] = count;
      want[2 * t + 1] = 0;
    }
    std::vector<int> got = conformance::run_on_device(std::vector<int>(1), want.size(), [](const int*, int* o) {
      whole_loops_kernel<<<1, 32>>>(o, 3000000000u, 1500000000u, -5);
    });
    conformance::check_equal(got.data(), want.data(), want.size(), "loops the rounds cannot hold");
  }
  return conformance::finish();
}
