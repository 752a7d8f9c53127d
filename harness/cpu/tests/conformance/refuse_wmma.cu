// Tensor-core WMMA fragments (mma.h) have no CPU implementation: cucc must
// refuse the program at compile time, naming wmma and the line that uses it.
// nvcc accepts this file for sm_80 and sm_90.
#include <mma.h>

#include "conformance_check.h"

__global__ void wmma_tile_kernel(const half* a, const half* b, float* c) {
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, half, nvcuda::wmma::row_major> a_frag;
  nvcuda::wmma::fragment<nvcuda::wmma::matrix_b, 16, 16, 16, half, nvcuda::wmma::col_major> b_frag;
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float> c_frag;
  nvcuda::wmma::fill_fragment(c_frag, 0.0f);
  nvcuda::wmma::load_matrix_sync(a_frag, a, 16);
  nvcuda::wmma::load_matrix_sync(b_frag, b, 16);
  nvcuda::wmma::mma_sync(c_frag, a_frag, b_frag, c_frag);
  nvcuda::wmma::store_matrix_sync(c, c_frag, 16, nvcuda::wmma::mem_row_major);
}

int main() {
  half *a, *b;
  float* c;
  CONFORMANCE_CUDA(cudaMalloc(&a, 256 * sizeof(half)));
  CONFORMANCE_CUDA(cudaMalloc(&b, 256 * sizeof(half)));
  CONFORMANCE_CUDA(cudaMalloc(&c, 256 * sizeof(float)));
  wmma_tile_kernel<<<1, 32>>>(a, b, c);
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  return conformance::finish();
}
