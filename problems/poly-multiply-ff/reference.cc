// Polynomial product with coefficients modulo the Mersenne prime 2^31 - 1:
// n coefficients per input, 2n - 1 out; exact, compared exactly.
#include <algorithm>
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/finite_field.h"
#include "problems/common/parallel.h"

namespace problems {
namespace {

class PolyMultiplyFF : public Mersenne31Product {
 public:
  double flops(const judge::ScalarArgs& args) const override {
    const double n = static_cast<double>(args.integer("n"));
    return 2.0 * n * n;
  }
  std::string flop_formula() const override { return "2 * n^2 (a multiplication and an addition per pair)"; }

 protected:
  int64_t output_length(int64_t n) const override { return 2 * n - 1; }

  void multiply(const uint32_t* a, const uint32_t* b, uint32_t* c, int64_t n) const override {
    parallel_for(2 * n - 1, [&](int64_t k) {
      // Each reduced product is below 2^31: a sum of n < 2^32 of them fits.
      uint64_t sum = 0;
      for (int64_t i = std::max<int64_t>(0, k - (n - 1)); i <= std::min(k, n - 1); ++i) {
        sum += mul_mod_mersenne31(a[i], b[k - i]);
      }
      c[k] = static_cast<uint32_t>(sum % kMersenne31);
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("poly-multiply-ff", problems::PolyMultiplyFF);
