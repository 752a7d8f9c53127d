// author: judge maintainers
// title: Floyd-Warshall on upstream's reading: nonzero entries are edges
//
// Relies on the input domain (Tensara's too): every entry is 0 (no edge) or
// a positive weight, and the diagonal is 0, so the matrix itself, with 0
// read as infinity off the diagonal, is the starting distance matrix.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <math_constants.h>

namespace {

constexpr unsigned kThreads = 256;

unsigned blocks_for(size_t count) {
  return static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
}

__global__ void initialise(const float* adj, float* dist, size_t n) {
  for (size_t e = blockIdx.x * size_t{blockDim.x} + threadIdx.x; e < n * n; e += size_t{gridDim.x} * blockDim.x) {
    const size_t i = e / n, j = e % n;
    dist[e] = adj[e] != 0.0f || i == j ? adj[e] : CUDART_INF_F;
  }
}

__global__ void through(float* dist, size_t k, size_t n) {
  for (size_t e = blockIdx.x * size_t{blockDim.x} + threadIdx.x; e < n * n; e += size_t{gridDim.x} * blockDim.x) {
    const size_t i = e / n, j = e % n;
    const float via = dist[i * n + k] + dist[k * n + j];
    if (via < dist[e]) dist[e] = via;
  }
}

__global__ void mark_unreachable(float* dist, size_t n) {
  for (size_t e = blockIdx.x * size_t{blockDim.x} + threadIdx.x; e < n * n; e += size_t{gridDim.x} * blockDim.x) {
    if (isinf(dist[e])) dist[e] = -1.0f;
  }
}

}  // namespace

extern "C" void solution(const float* adj_matrix, float* output, size_t n) {
  initialise<<<blocks_for(n * n), kThreads>>>(adj_matrix, output, n);
  for (size_t k = 0; k < n; ++k) through<<<blocks_for(n * n), kThreads>>>(output, k, n);
  mark_unreachable<<<blocks_for(n * n), kThreads>>>(output, n);
}
