// Elementwise product modulo the Mersenne prime 2^31 - 1 of two uint32
// vectors; exact, compared exactly.
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/parallel.h"
#include "problems/common/finite_field.h"

namespace problems {
namespace {

class VectorMultiplyFF : public Mersenne31Product {
 public:
  double flops(const judge::ScalarArgs& args) const override { return 2.0 * static_cast<double>(args.integer("n")); }
  std::string flop_formula() const override { return "2 * n (a multiplication and a reduction per element)"; }

 protected:
  int64_t output_length(int64_t n) const override { return n; }

  void multiply(const uint32_t* a, const uint32_t* b, uint32_t* c, int64_t n) const override {
    parallel_chunks(n, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) c[i] = mul_mod_mersenne31(a[i], b[i]);
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("vector-multiply-ff", problems::VectorMultiplyFF);
