// A plain C++ file (built along with .cu files) that calls cuRAND's host
// library: refused at compile time at its line, not left to fail at link.
#include <curand.h>

int main() {
  curandGenerator_t generator;
  curandCreateGeneratorHost(&generator, CURAND_RNG_PSEUDO_DEFAULT);
  return 0;
}
