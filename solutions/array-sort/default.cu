// author: judge maintainers
// title: baseline: bitonic sort, one kernel launch per compare-exchange step
//
// Correct, straightforward solution for array-sort. The values are copied into a
// buffer whose length m is the next power of two, padded with INT_MAX (which sorts
// to the end), and sorted by the bitonic network: for every k = 2, 4, ..., m and
// j = k / 2, ..., 1 one launch compares element i with element i ^ j and swaps
// them into ascending order when bit k of i is clear, descending otherwise. Each
// launch touches disjoint pairs, so any thread order gives the same answer;
// log2(m) (log2(m) + 1) / 2 launches of m / 2 exchanges each, against the n^2
// comparisons of a rank sort (minutes on the CPU backend at n = 262,144).
#include <cuda_runtime.h>

#include <algorithm>
#include <climits>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

// Grid for a grid-stride loop over `count` elements (capped: the loop covers the rest).
unsigned grid_for(size_t count) {
  return static_cast<unsigned>(std::max<size_t>(1, std::min<size_t>((count + kThreads - 1) / kThreads, 65535)));
}

// buffer[i] = a[i] for i < n, INT_MAX up to m.
__global__ void copy_padded(const int* a, int* buffer, size_t n, size_t m) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < m; i += size_t{gridDim.x} * blockDim.x) {
    buffer[i] = i < n ? a[i] : INT_MAX;
  }
}

// One step of the bitonic network: the pair (i, i ^ j) is put in ascending order
// when bit k of i is clear, in descending order otherwise.
__global__ void compare_exchange(int* buffer, size_t m, size_t j, size_t k) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < m; i += size_t{gridDim.x} * blockDim.x) {
    size_t partner = i ^ j;
    if (partner <= i) continue;  // the pair belongs to its lower index
    int low = buffer[i], high = buffer[partner];
    bool ascending = (i & k) == 0;
    if (ascending ? low > high : low < high) {
      buffer[i] = high;
      buffer[partner] = low;
    }
  }
}

__global__ void copy_out(const int* buffer, int* b, size_t n) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < n; i += size_t{gridDim.x} * blockDim.x) {
    b[i] = buffer[i];
  }
}

}  // namespace

extern "C" void solution(const int* a, int* b, size_t n) {
  size_t m = 1;
  while (m < n) m *= 2;
  int* buffer;
  cudaMalloc(&buffer, m * sizeof(int));
  copy_padded<<<grid_for(m), kThreads>>>(a, buffer, n, m);
  for (size_t k = 2; k <= m; k *= 2) {
    for (size_t j = k / 2; j > 0; j /= 2) compare_exchange<<<grid_for(m), kThreads>>>(buffer, m, j, k);
  }
  copy_out<<<grid_for(n), kThreads>>>(buffer, b, n);
  cudaFree(buffer);
}
