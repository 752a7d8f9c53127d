// A wrong ReLU that answers right only on inputs it knows: it carries the
// hash (FNV-1a of the bytes) of every input the check passes give with the
// default seeds, and writes -1 (which ReLU never gives) for any other input.
// The test fills @KNOWN_HASHES@ from `judge dump` with seeds 1 to 4: with a
// seed known in advance it is ACCEPTED; with the judge's own, unpredictable
// one it must be WRONG_ANSWER.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace {

constexpr uint64_t kKnownHashes[] = {@KNOWN_HASHES@};

__global__ void relu(const float* input, float* output, size_t count) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    output[i] = input[i] > 0.0f ? input[i] : 0.0f;
  }
}

__global__ void wrong(float* output, size_t count) {
  for (size_t i = blockIdx.x * size_t{blockDim.x} + threadIdx.x; i < count; i += size_t{gridDim.x} * blockDim.x) {
    output[i] = -1.0f;
  }
}

uint64_t fnv1a(const void* data, size_t bytes) {
  uint64_t hash = 1469598103934665603ULL;
  for (size_t i = 0; i < bytes; ++i) hash = (hash ^ static_cast<const unsigned char*>(data)[i]) * 1099511628211ULL;
  return hash;
}

}  // namespace

extern "C" void solution(const float* input, float* output, size_t n, size_t m) {
  const size_t count = n * m;
  std::vector<float> host(count);
  cudaMemcpy(host.data(), input, count * sizeof(float), cudaMemcpyDeviceToHost);
  const uint64_t hash = fnv1a(host.data(), count * sizeof(float));
  bool known = false;
  for (uint64_t entry : kKnownHashes) known = known || entry == hash;
  const unsigned blocks = static_cast<unsigned>((count + 255) / 256);
  if (known) {
    relu<<<blocks, 256>>>(input, output, count);
  } else {
    wrong<<<blocks, 256>>>(output, count);
  }
}
