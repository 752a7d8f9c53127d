// KNOWN WRONG: a warp's sum handed to its lanes through shared memory with no
// __syncwarp().
//
// One warp per line. The lanes take the line's values 32 apart; a butterfly of
// __shfl_xor_sync gives every lane the line's maximum, and a __shfl_down_sync
// tree leaves the sum of exponentials in lane 0, which stores it in shared
// memory for the other lanes to read. Nothing orders that store before the
// other lanes' loads (CUDA asks for __syncwarp() between them): a lane that
// runs ahead reads the slot before lane 0 has written it, and divides by
// what the previous line left there. When lanes run in index order lane 0
// goes first and the answer looks right; in any other order it is wrong.
#include <cuda_runtime.h>

#include <cfloat>
#include <cstddef>
#include <vector>

namespace {

constexpr unsigned kWarp = 32;
constexpr unsigned kFullMask = 0xffffffffu;
constexpr unsigned kWarps = 8;
constexpr unsigned kThreads = kWarps * kWarp;

__global__ void __launch_bounds__(kThreads) softmax_lines(const float* input, float* output, size_t lines,
                                                          size_t extent, size_t inner) {
  __shared__ float line_sum[kWarps];
  const unsigned lane = threadIdx.x % kWarp, warp = threadIdx.x / kWarp;
  const size_t line = blockIdx.x * size_t{kWarps} + warp;
  const bool active = line < lines;
  const size_t base = active ? (line / inner) * extent * inner + line % inner : 0;
  const float* x = input + base;

  float local_max = -FLT_MAX;
  if (active) {
    for (size_t k = lane; k < extent; k += kWarp) local_max = fmaxf(local_max, x[k * inner]);
  }
  for (unsigned offset = kWarp / 2; offset > 0; offset /= 2) {
    local_max = fmaxf(local_max, __shfl_xor_sync(kFullMask, local_max, offset));
  }

  float local_sum = 0.0f;
  if (active) {
    for (size_t k = lane; k < extent; k += kWarp) local_sum += expf(x[k * inner] - local_max);
  }
  for (unsigned offset = kWarp / 2; offset > 0; offset /= 2) local_sum += __shfl_down_sync(kFullMask, local_sum, offset);
  if (lane == 0) line_sum[warp] = local_sum;
  // Missing: __syncwarp();
  const float inverse = 1.0f / line_sum[warp];
  if (active) {
    for (size_t k = lane; k < extent; k += kWarp) output[base + k * inner] = expf(x[k * inner] - local_max) * inverse;
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
  const size_t lines = outer * inner;
  if (lines == 0 || extents[dim] == 0) return;
  const unsigned blocks = static_cast<unsigned>((lines + kWarps - 1) / kWarps);
  softmax_lines<<<blocks, kThreads>>>(input, output, lines, extents[dim], inner);
}
