// What the judge's shuffled pass builds (cucc --split-barriers=exact): a
// kernel is split into loops over threads only where no barrier the split
// adds can be observed. Three versions of one tiled loop, each round a
// thread stores its value in shared memory and adds a neighbour's:
//   - synced: barriers after the store and at the loop's end: split, and
//     correct in every order;
//   - missing_last: no barrier at the loop's end, so a fast thread's next
//     store can overwrite a slot a slow thread has yet to read. A split
//     kernel would synchronise at the back edge and hide that: it stays on
//     fibers, where a shuffled order shows it;
//   - missing_first: no barrier between the store and the read, inside one
//     region: split, and a shuffled order shows it there.
// Each racy version reads the neighbour that index order happens to get
// right, so the natural order passes and only shuffled orders fail.
#include <vector>

#include "device_run.h"

constexpr int kThreads = 256;
constexpr int kBlocks = 4;
constexpr int kRounds = 6;

__global__ void rolling_sum_synced(const int* in, int* out, int rounds) {
  __shared__ int slots[kThreads];
  int t = threadIdx.x;
  int sum = 0;
  for (int r = 0; r < rounds; ++r) {
    slots[t] = in[(r * gridDim.x + blockIdx.x) * blockDim.x + t];
    __syncthreads();
    sum += t + 1 < kThreads ? slots[t + 1] : 0;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = sum;
}

__global__ void rolling_sum_missing_last(const int* in, int* out, int rounds) {
  __shared__ int slots[kThreads];
  int t = threadIdx.x;
  int sum = 0;
  for (int r = 0; r < rounds; ++r) {
    slots[t] = in[(r * gridDim.x + blockIdx.x) * blockDim.x + t];
    __syncthreads();
    sum += t + 1 < kThreads ? slots[t + 1] : 0;
    // Missing: __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = sum;
}

__global__ void rolling_sum_missing_first(const int* in, int* out, int rounds) {
  __shared__ int slots[kThreads];
  int t = threadIdx.x;
  int sum = 0;
  for (int r = 0; r < rounds; ++r) {
    slots[t] = in[(r * gridDim.x + blockIdx.x) * blockDim.x + t];
    // Missing: __syncthreads();
    sum += t > 0 ? slots[t - 1] : 0;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = sum;
}

int main() {
  const int n = kBlocks * kThreads;
  std::vector<int> in(size_t(n) * kRounds);
  for (size_t i = 0; i < in.size(); ++i) in[i] = int(7 * i + 3);
  // The sum over rounds of the right (next) and left (previous) neighbour's value.
  std::vector<int> want_next(n, 0), want_previous(n, 0);
  for (int i = 0; i < n; ++i) {
    int t = i % kThreads;
    for (int r = 0; r < kRounds; ++r) {
      if (t + 1 < kThreads) want_next[i] += in[size_t(r) * n + i + 1];
      if (t > 0) want_previous[i] += in[size_t(r) * n + i - 1];
    }
  }
  std::vector<int> got = conformance::run_on_device(
      in, n, [&](const int* i, int* o) { rolling_sum_synced<<<kBlocks, kThreads>>>(i, o, kRounds); });
  conformance::check_equal(got.data(), want_next.data(), n, "synced");
  got = conformance::run_on_device(
      in, n, [&](const int* i, int* o) { rolling_sum_missing_last<<<kBlocks, kThreads>>>(i, o, kRounds); });
  conformance::check_equal(got.data(), want_next.data(), n, "missing_last");
  got = conformance::run_on_device(
      in, n, [&](const int* i, int* o) { rolling_sum_missing_first<<<kBlocks, kThreads>>>(i, o, kRounds); });
  conformance::check_equal(got.data(), want_previous.data(), n, "missing_first");
  return conformance::finish();
}
