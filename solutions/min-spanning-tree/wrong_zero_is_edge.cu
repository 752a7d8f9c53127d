// KNOWN WRONG: takes every entry of the matrix as an edge, zeros included.
//
// Prim's algorithm as in default.cu, but without the test that skips zero
// entries: a missing edge reads as an edge of weight 0, the cheapest there is,
// so on a sparse graph the tree is built almost for free (and a disconnected
// graph looks connected). Only complete graphs (n <= 5 here) still pass.
#include <cuda_runtime.h>

#include <cstddef>
#include <math_constants.h>

namespace {

constexpr unsigned kThreads = 256;

__global__ void prim(const float* adj, float* key, unsigned char* in_tree, float* min_weight, size_t n) {
  __shared__ float best_key[kThreads];
  __shared__ size_t best_vertex[kThreads];
  const unsigned t = threadIdx.x;
  for (size_t v = t; v < n; v += kThreads) {
    const float w = adj[v];  // row 0: vertex 0 starts the tree
    in_tree[v] = v == 0;
    key[v] = w;  // BUG: a 0 entry (no edge) becomes an edge of weight 0
  }
  double total = 0.0;  // kept by thread 0
  bool connected = true;
  for (size_t round = 1; round < n; ++round) {
    float my_key = CUDART_INF_F;
    size_t my_vertex = n;
    for (size_t v = t; v < n; v += kThreads) {
      if (!in_tree[v] && key[v] < my_key) {
        my_key = key[v];
        my_vertex = v;
      }
    }
    best_key[t] = my_key;
    best_vertex[t] = my_vertex;
    __syncthreads();
    for (unsigned stride = kThreads / 2; stride > 0; stride /= 2) {
      if (t < stride) {
        const float other_key = best_key[t + stride];
        const size_t other_vertex = best_vertex[t + stride];
        if (other_key < best_key[t] || (other_key == best_key[t] && other_vertex < best_vertex[t])) {
          best_key[t] = other_key;
          best_vertex[t] = other_vertex;
        }
      }
      __syncthreads();
    }
    const float chosen_key = best_key[0];
    const size_t u = best_vertex[0];
    __syncthreads();  // everyone has read the winner before the next round overwrites it
    if (chosen_key == CUDART_INF_F) {
      connected = false;
      break;  // every thread sees the same winner, so all leave together
    }
    if (t == 0) total += chosen_key;
    const float* row = adj + u * n;
    for (size_t v = t; v < n; v += kThreads) {
      if (v == u) {
        in_tree[v] = 1;
      } else if (!in_tree[v]) {
        const float w = row[v];
        if (w < key[v]) key[v] = w;  // BUG: 0 entries too
      }
    }
  }
  if (t == 0) *min_weight = connected ? static_cast<float>(total) : -1.0f;
}

}  // namespace

extern "C" void solution(const float* A, float* min_weight, size_t n) {
  float* key = nullptr;
  unsigned char* in_tree = nullptr;
  cudaMalloc(&key, n * sizeof(float));
  cudaMalloc(&in_tree, n);
  prim<<<1, kThreads>>>(A, key, in_tree, min_weight, n);
  cudaFree(key);
  cudaFree(in_tree);
}
