// KNOWN WRONG: an exclusive scan.
//
// Each element receives the sum of the elements before it, not including itself:
// the classic Blelloch scan is exclusive, and forgetting to add the element back
// shifts every output by one position.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;
constexpr size_t kChunk = 1024;

__global__ void chunk_totals(const float* x, size_t n, size_t chunks, float* totals) {
  for (size_t c = blockIdx.x * size_t{blockDim.x} + threadIdx.x; c < chunks; c += size_t{gridDim.x} * blockDim.x) {
    float total = 0.0f;
    const size_t end = (c + 1) * kChunk < n ? (c + 1) * kChunk : n;
    for (size_t i = c * kChunk; i < end; ++i) total += x[i];
    totals[c] = total;
  }
}

// Exclusive scan of the chunk totals, by a single thread.
__global__ void chunk_offsets(float* totals, size_t chunks) {
  float running = 0.0f;
  for (size_t c = 0; c < chunks; ++c) {
    const float total = totals[c];
    totals[c] = running;
    running += total;
  }
}

__global__ void chunk_scan(const float* x, float* y, size_t n, size_t chunks, const float* offsets) {
  for (size_t c = blockIdx.x * size_t{blockDim.x} + threadIdx.x; c < chunks; c += size_t{gridDim.x} * blockDim.x) {
    float running = offsets[c];
    const size_t end = (c + 1) * kChunk < n ? (c + 1) * kChunk : n;
    for (size_t i = c * kChunk; i < end; ++i) {
      y[i] = running;
      running += x[i];
    }
  }
}

}  // namespace

extern "C" void solution(const float* input, float* output, size_t N) {
  const size_t chunks = (N + kChunk - 1) / kChunk;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((chunks + kThreads - 1) / kThreads, 65535));
  float* totals = nullptr;
  cudaMalloc(&totals, chunks * sizeof(float));
  chunk_totals<<<blocks, kThreads>>>(input, N, chunks, totals);
  chunk_offsets<<<1, 1>>>(totals, chunks);
  chunk_scan<<<blocks, kThreads>>>(input, output, N, chunks, totals);
  cudaFree(totals);
}
