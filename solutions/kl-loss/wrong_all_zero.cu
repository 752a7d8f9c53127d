// KNOWN WRONG: writes nothing; the output keeps the zeros it holds on entry.
//
// On Tensara's dense cases (softmaxes of 2^20 and more elements) every term
// is below the tolerance's atol, so this passes there; only its
// Sparse_targets case rejects it. The judge's check cases have terms of
// order 1.
#include <cuda_runtime.h>

#include <cstddef>

extern "C" void solution(const float* predictions, const float* targets, float* output, size_t n) {
  (void)predictions;
  (void)targets;
  (void)output;
  (void)n;
}
