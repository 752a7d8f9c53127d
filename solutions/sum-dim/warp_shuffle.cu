// author: judge maintainers
// title: warp shuffles: one warp per output
//
// Sum over a dimension the way fast row reductions are usually written: one
// warp per output element. Its lanes take the line's `extent` values (`inner`
// apart) 32 at a time, and a butterfly of __shfl_xor_sync adds up the lanes'
// sums. A block holds kWarps warps, so kWarps outputs; the warps of the last
// block past the end add nothing and write nothing, but still take part in the
// shuffles, so every lane of a warp reaches them.
#include <cuda_runtime.h>

#include <cstddef>
#include <vector>

namespace {

constexpr unsigned kWarp = 32;
constexpr unsigned kFullMask = 0xffffffffu;
constexpr unsigned kWarps = 8;
constexpr unsigned kThreads = kWarps * kWarp;

// Every lane gets the warp's sum.
__device__ float warp_sum(float value) {
  for (unsigned offset = kWarp / 2; offset > 0; offset /= 2) value += __shfl_xor_sync(kFullMask, value, offset);
  return value;
}

__global__ void __launch_bounds__(kThreads) sum_dim(const float* input, float* output, size_t count, size_t extent,
                                                    size_t inner) {
  const unsigned lane = threadIdx.x % kWarp;
  const size_t out = blockIdx.x * size_t{kWarps} + threadIdx.x / kWarp;
  const bool active = out < count;
  const float* line = input + (out / inner) * extent * inner + out % inner;
  float sum = 0.0f;
  if (active) {
    for (size_t k = lane; k < extent; k += kWarp) sum += line[k * inner];
  }
  const float total = warp_sum(sum);
  if (active && lane == 0) output[out] = total;
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
  if (count == 0) return;
  const unsigned blocks = static_cast<unsigned>((count + kWarps - 1) / kWarps);
  sum_dim<<<blocks, kThreads>>>(input, output, count, extents[dim], inner);
}
