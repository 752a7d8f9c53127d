// What the judge's shuffled pass builds (cucc --split-barriers=exact) around
// strided loops: it runs one in rounds (each round one iteration of every
// thread, as if a barrier came before, between and after rounds) only
// where those barriers cannot be observed, so a missing __syncthreads()
// still shows in a shuffled order. Three versions of one block-stride sum
// over a shared tile that each thread fills two slots of:
//   - synced: a barrier between the stores and the loop, which only reads:
//     run in rounds, correct in every order;
//   - missing_before_loop: no barrier between the stores and the loop's
//     reads of a neighbour's slot: rounds would synchronise them and hide
//     it, so the loop stays in the threads, where a shuffled order shows it;
//   - missing_after_loop: the loop does the stores, and a neighbour's slot is
//     read after it with no barrier between: rounds of that loop would
//     synchronise them too, so it stays in the threads (though each thread
//     of the loop itself stores only its own slots).
// And own_elements, a loop whose threads each store only their own
// elements (start threadIdx.x, `row[k] = ...` alone): run in rounds where
// the block is 1-D (no element is two threads'), as whole loops in a 2-D
// block (threads (x, 0) and (x, 1) store the same elements); correct in
// every order either way.
// Each racy version reads slots of lower threads, which index order happens
// to have written, so the natural order passes and only shuffled orders fail.
#include <vector>

#include "device_run.h"

constexpr int kThreads = 128;
constexpr int kBlocks = 3;

__global__ void synced(const int* in, int* out) {
  __shared__ int tile[2 * kThreads];
  const int t = threadIdx.x, base = blockIdx.x * 2 * kThreads;
  tile[t] = in[base + t];
  tile[t + kThreads] = in[base + t + kThreads];
  __syncthreads();
  int sum = 0;
  for (int k = t; k < 2 * kThreads; k += blockDim.x) sum += tile[k % kThreads == 0 ? k : k - 1];
  out[blockIdx.x * kThreads + t] = sum;
}

__global__ void missing_before_loop(const int* in, int* out) {
  __shared__ int tile[2 * kThreads];
  const int t = threadIdx.x, base = blockIdx.x * 2 * kThreads;
  tile[t] = in[base + t];
  tile[t + kThreads] = in[base + t + kThreads];
  // Missing: __syncthreads();
  int sum = 0;
  for (int k = t; k < 2 * kThreads; k += blockDim.x) sum += tile[k % kThreads == 0 ? k : k - 1];
  out[blockIdx.x * kThreads + t] = sum;
}

__global__ void missing_after_loop(const int* in, int* out) {
  __shared__ int tile[2 * kThreads];
  const int t = threadIdx.x, base = blockIdx.x * 2 * kThreads;
  for (int k = threadIdx.x; k < 2 * kThreads; k += blockDim.x) tile[k] = in[base + k];
  // Missing: __syncthreads();
  const int sum = tile[t] + tile[t == 0 ? kThreads : t + kThreads - 1];
  out[blockIdx.x * kThreads + t] = sum;
}

__global__ void own_elements(const int* in, int* out, int width) {
  int* row = out + blockIdx.x * width;
  const int* pairs = in + blockIdx.x * 2 * width;
  for (int k = threadIdx.x; k < width; k += blockDim.x) row[k] = pairs[2 * k] - 3 * pairs[2 * k + 1];
}

int main() {
  const int n = kBlocks * kThreads;
  std::vector<int> in(2 * size_t(n));
  for (size_t i = 0; i < in.size(); ++i) in[i] = int(5 * i + 11);
  // Slot k of block b's tile holds in[b * 2 * kThreads + k].
  std::vector<int> want(n);
  for (int b = 0; b < kBlocks; ++b) {
    for (int t = 0; t < kThreads; ++t) {
      auto slot = [&](int k) { return in[size_t(b) * 2 * kThreads + k]; };
      want[b * kThreads + t] = slot(t == 0 ? 0 : t - 1) + slot(t == 0 ? kThreads : t + kThreads - 1);
    }
  }
  std::vector<int> got =
      conformance::run_on_device(in, n, [&](const int* i, int* o) { synced<<<kBlocks, kThreads>>>(i, o); });
  conformance::check_equal(got.data(), want.data(), n, "synced");
  got = conformance::run_on_device(in, n,
                                   [&](const int* i, int* o) { missing_before_loop<<<kBlocks, kThreads>>>(i, o); });
  conformance::check_equal(got.data(), want.data(), n, "missing_before_loop");
  // Thread t reads its own slot t and thread t - 1's slot t + kThreads - 1.
  for (int b = 0; b < kBlocks; ++b) {
    for (int t = 0; t < kThreads; ++t) {
      auto slot = [&](int k) { return in[size_t(b) * 2 * kThreads + k]; };
      want[b * kThreads + t] = slot(t) + slot(t == 0 ? kThreads : t + kThreads - 1);
    }
  }
  got = conformance::run_on_device(in, n,
                                   [&](const int* i, int* o) { missing_after_loop<<<kBlocks, kThreads>>>(i, o); });
  conformance::check_equal(got.data(), want.data(), n, "missing_after_loop");
  for (int b = 0; b < kBlocks; ++b) {
    for (int k = 0; k < kThreads; ++k) {
      const size_t pair = size_t(b) * 2 * kThreads + 2 * size_t(k);
      want[b * kThreads + k] = in[pair] - 3 * in[pair + 1];
    }
  }
  got = conformance::run_on_device(in, n, [&](const int* i, int* o) { own_elements<<<kBlocks, 32>>>(i, o, kThreads); });
  conformance::check_equal(got.data(), want.data(), n, "own_elements");
  got = conformance::run_on_device(in, n, [&](const int* i, int* o) { own_elements<<<kBlocks, dim3(16, 2)>>>(i, o, kThreads); });
  conformance::check_equal(got.data(), want.data(), n, "own_elements_2d");
  return conformance::finish();
}
