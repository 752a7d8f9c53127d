// author: judge maintainers
// title: baseline: one thread per output element
//
// Correct, straightforward float32 solution for matmul-swish: a grid-stride
// loop over the outputs; each thread takes the dot product of its input row
// with its weight row, adds the bias and applies the scaled Swish.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>

namespace {

constexpr unsigned kThreads = 256;

__global__ void matmul_swish(const float* x, const float* w, const float* bias, float scale, float* out,
                             size_t batch, size_t in, size_t out_features) {
  const size_t count = batch * out_features;
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    const size_t row = i / out_features, col = i % out_features;
    float z = 0.0f;
    for (size_t p = 0; p < in; ++p) z += x[row * in + p] * w[col * in + p];
    z += bias[col];
    out[i] = scale * (z / (1.0f + expf(-z)));
  }
}

}  // namespace

extern "C" void solution(const float* input_matrix, const float* weight_matrix, const float* bias,
                         float scaling_factor, float* output, size_t batch_size, size_t in_features,
                         size_t out_features) {
  const size_t count = batch_size * out_features;
  const unsigned blocks = static_cast<unsigned>(std::min<size_t>((count + kThreads - 1) / kThreads, 65535));
  matmul_swish<<<blocks, kThreads>>>(input_matrix, weight_matrix, bias, scaling_factor, output, batch_size,
                                     in_features, out_features);
}
