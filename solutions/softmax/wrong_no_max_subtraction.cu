// KNOWN WRONG: exponentiates the raw inputs, without subtracting the maximum.
//
// exp(x) / sum(exp(x)) equals the softmax in exact arithmetic, so the shortcut looks
// harmless; but exp overflows float32 past x = 88, and the `large-logits` case
// (inputs up to 100) then yields inf / inf = NaN.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <vector>

namespace {

constexpr unsigned kThreads = 256;

__global__ void softmax_lines(const float* input, float* output, size_t outer, size_t extent, size_t inner) {
  const size_t count = outer * inner;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    const size_t base = (i / inner) * extent * inner + i % inner;
    const float* x = input + base;
    float* y = output + base;
    float sum = 0.0f;
    for (size_t k = 0; k < extent; ++k) sum += expf(x[k * inner]);
    for (size_t k = 0; k < extent; ++k) y[k * inner] = expf(x[k * inner]) / sum;
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
  softmax_lines<<<blocks, kThreads>>>(input, output, outer, extents[dim], inner);
}
