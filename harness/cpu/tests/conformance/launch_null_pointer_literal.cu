// A kernel's pointer parameter given the null pointer constant `0` or `NULL`
// in a <<<>>> launch (an optional bias or mask left out), which C++ and nvcc
// accept. Today cucc rejects both (KNOWN_GAPS.md, "A literal 0 or NULL as a
// launch's pointer argument does not compile").
#include <cstddef>
#include <vector>

#include "device_run.h"

// out[i] = in[i] + bias[i], or in[i] when there is no bias.
__global__ void add_optional_bias(const int* in, const int* bias, int* out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] + (bias != nullptr ? bias[i] : 0);
}

int main() {
  const int n = 64;
  const std::vector<int> in = conformance::pattern(n, 3);
  std::vector<int> got = conformance::run_on_device(
      in, n, [&](const int* d_in, int* d_out) { add_optional_bias<<<2, 32>>>(d_in, 0, d_out); });
  conformance::check_equal(got.data(), in.data(), n, "literal 0 as a pointer argument");
  got = conformance::run_on_device(
      in, n, [&](const int* d_in, int* d_out) { add_optional_bias<<<2, 32>>>(d_in, NULL, d_out); });
  conformance::check_equal(got.data(), in.data(), n, "NULL as a pointer argument");
  return conformance::finish();
}
