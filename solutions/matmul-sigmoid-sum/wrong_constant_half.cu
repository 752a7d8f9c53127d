// KNOWN WRONG: answers M * N / 2 without computing anything.
//
// With inputs uniform in [-1, 1] the products are centred on 0, where the
// sigmoid is 1/2, so M * N / 2 is within a few percent of the sum: inside
// Tensara's tolerance (rtol 5e-2) on its cases. The judge's tolerance
// (rtol 1e-4) and its skewed case reject it.
#include <cuda_runtime.h>

#include <cstddef>

namespace {

__global__ void write_half_count(float* output, size_t m, size_t n) { *output = 0.5f * static_cast<float>(m * n); }

}  // namespace

extern "C" void solution(const float* A, const float* B, float* output, size_t M, size_t N, size_t K) {
  (void)A;
  (void)B;
  (void)K;
  write_half_count<<<1, 1>>>(output, M, N);
}
