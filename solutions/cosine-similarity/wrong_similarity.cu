// KNOWN WRONG: returns the cosine similarity itself, not 1 minus it.
//
// The problem is titled after the similarity, but asks for the loss built
// from it: an author who stops at the cosine is off by 1 - 2 cos everywhere.
#include <cuda_runtime.h>

#include <cstddef>

namespace {

__global__ void cosine(const float* x, const float* y, float* output, size_t n, size_t d) {
  for (size_t row = blockIdx.x * size_t{blockDim.x} + threadIdx.x; row < n; row += size_t{gridDim.x} * blockDim.x) {
    float dot = 0.0f, sa = 0.0f, sb = 0.0f;
    for (size_t k = 0; k < d; ++k) {
      const float a = x[row * d + k], b = y[row * d + k];
      dot += a * b;
      sa += a * a;
      sb += b * b;
    }
    output[row] = dot / (fmaxf(sqrtf(sa), 1e-8f) * fmaxf(sqrtf(sb), 1e-8f));
  }
}

}  // namespace

extern "C" void solution(const float* predictions, const float* targets, float* output, size_t n, size_t d) {
  cosine<<<static_cast<unsigned>((n + 127) / 128), 128>>>(predictions, targets, output, n, d);
}
