// KNOWN WRONG: accumulates in __half.
//
// An author chasing bandwidth keeps the running sum in half precision. Past a sum of
// 2048 a half cannot even add 1; with sums in the hundreds every addition loses
// bits, far beyond the tolerance.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <vector>

namespace {

constexpr unsigned kThreads = 256;

__global__ void sum_dim(const float* input, float* output, size_t outer, size_t extent, size_t inner) {
  const size_t count = outer * inner;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    const size_t o = i / inner, r = i % inner;
    const float* column = input + o * extent * inner + r;
    __half sum = __float2half(0.0f);
    for (size_t k = 0; k < extent; ++k) sum += __float2half(column[k * inner]);
    output[i] = __half2float(sum);
  }
}

}  // namespace

extern "C" void solution(const float* input, int dim, float* output, const size_t* shape, size_t ndim) {
  std::vector<size_t> extents(ndim);
  cudaMemcpy(extents.data(), shape, ndim * sizeof(size_t), cudaMemcpyDeviceToHost);
  size_t outer = 1, inner = 1;
  for (size_t i = 0; i < ndim; ++i) {
    if (static_cast<int>(i) < dim) outer *= extents[i];
    if (static_cast<int>(i) > dim) inner *= extents[i];
  }
  const size_t count = outer * inner;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  sum_dim<<<blocks, kThreads>>>(input, output, outer, extents[dim], inner);
}
