// KNOWN WRONG: counts dim from the last dimension.
//
// An author used to NumPy's negative axes mixes up the two ends: dim 0 becomes the
// last dimension. Only cases whose dim is the middle one of an odd rank pass.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <vector>

namespace {

constexpr unsigned kThreads = 256;

__global__ void sum_dim(const float* input, float* output, size_t outer, size_t extent, size_t inner, size_t count) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    const size_t o = i / inner, r = i % inner;
    const float* column = input + o * extent * inner + r;
    float sum = 0.0f;
    for (size_t k = 0; k < extent; ++k) sum += column[k * inner];
    output[i] = sum;
  }
}

}  // namespace

extern "C" void solution(const float* input, int dim, float* output, const size_t* shape, size_t ndim) {
  std::vector<size_t> extents(ndim);
  cudaMemcpy(extents.data(), shape, ndim * sizeof(size_t), cudaMemcpyDeviceToHost);
  // The mistake: dim counted from the last dimension.
  const size_t from_end = ndim - 1 - static_cast<size_t>(dim);
  size_t outer = 1, inner = 1, output_count = 1;
  for (size_t i = 0; i < ndim; ++i) {
    if (i < from_end) outer *= extents[i];
    if (i > from_end) inner *= extents[i];
    if (static_cast<int>(i) != dim) output_count *= extents[i];
  }
  const size_t count = std::min(outer * inner, output_count);  // never write past the output
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  sum_dim<<<blocks, kThreads>>>(input, output, outer, extents[from_end], inner, count);
}
