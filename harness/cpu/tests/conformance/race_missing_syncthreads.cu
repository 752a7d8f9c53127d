// A data race from a missing __syncthreads: each thread stores its value to
// shared memory and immediately reads its left neighbour's slot. Running the
// threads of a block one after another in index order happens to give the
// right answer; any other order (as on a GPU, or under CUCPU_SHUFFLE_SEED)
// reads slots not yet written. The expectation file runs it twice: natural
// order passes, a shuffled order must fail, proving the shuffle exposes it.
#include <vector>

#include "device_run.h"

__global__ void shift_right_racy_kernel(const int* in, int* out) {
  __shared__ int slots[256];
  int t = threadIdx.x;
  slots[t] = in[blockIdx.x * blockDim.x + t];
  // Missing: __syncthreads();
  out[blockIdx.x * blockDim.x + t] = t > 0 ? slots[t - 1] : 0;
}

int main() {
  const int blocks = 8, threads = 256, n = blocks * threads;
  std::vector<int> in(n), got(n), want(n);
  for (int i = 0; i < n; ++i) in[i] = 3 * i + 1;
  for (int i = 0; i < n; ++i) want[i] = i % threads > 0 ? in[i - 1] : 0;
  got = conformance::run_on_device(in, n,
                                   [&](const int* i, int* o) { shift_right_racy_kernel<<<blocks, threads>>>(i, o); });
  conformance::check_equal(got.data(), want.data(), n, "shift through shared memory (racy)");
  return conformance::finish();
}
