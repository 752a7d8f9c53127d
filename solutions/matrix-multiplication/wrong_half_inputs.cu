// KNOWN WRONG: multiplies float16 copies of the inputs.
//
// An author chasing tensor-core speed rounds A and B to __half (11
// significant bits) and rounds the result the same way: on long dot
// products (k = 8192) the error reaches several times the tolerance.
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstddef>

namespace {

__global__ void matmul(const float* a, const float* b, float* c, size_t m, size_t n, size_t k) {
  const size_t count = m * n;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    const size_t row = i / n, col = i % n;
    float sum = 0.0f;
    for (size_t p = 0; p < k; ++p) {
      sum += __half2float(__float2half(a[row * k + p])) * __half2float(__float2half(b[p * n + col]));
    }
    c[i] = __half2float(__float2half(sum));
  }
}

}  // namespace

extern "C" void solution(const float* input_a, const float* input_b, float* output_c, size_t m, size_t n, size_t k) {
  matmul<<<256, 256>>>(input_a, input_b, output_c, m, n, k);
}
