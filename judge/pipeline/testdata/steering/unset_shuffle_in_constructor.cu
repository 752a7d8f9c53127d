// A ReLU whose kernel lacks a __syncthreads(): each thread stages its
// element in shared memory and writes out its left neighbour's, which is
// right only when threads run in increasing order. A static constructor
// unsets CUCPU_SHUFFLE_SEED, which the CPU backend once read at the first
// launch, after the library's constructors ran: the shuffled pass then ran
// in natural order and the race went unseen. The order is now fixed by the
// runner before the library loads: WRONG_ANSWER.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdlib>

#include "racy_relu.inc"

__attribute__((constructor)) static void switch_the_shuffle_off() { unsetenv("CUCPU_SHUFFLE_SEED"); }

extern "C" void solution(const float* input, float* output, size_t n, size_t m) {
  racy_relu(input, output, n * m, /*with_barrier=*/false);
}
