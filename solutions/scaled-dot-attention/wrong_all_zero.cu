// KNOWN WRONG: writes nothing; the output keeps the zeros it holds on entry.
//
// Tensara draws Q, K and V as normals times 0.01, so every output element is
// below its atol (5e-3) and this passes there. The judge's inputs are wider
// (Q and K from [-3, 3), V from [-1, 1)), so the outputs are of order 0.1.
#include <cuda_runtime.h>

#include <cstddef>

extern "C" void solution(const float* Q, const float* K, const float* V, float* output, size_t B, size_t H, size_t S,
                         size_t E) {
  (void)Q, (void)K, (void)V, (void)output, (void)B, (void)H, (void)S, (void)E;
}
