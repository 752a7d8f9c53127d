// Polynomial product with coefficients modulo the Mersenne prime 2^31 - 1:
// n coefficients per input, 2n - 1 out; exact, compared exactly.
#include <algorithm>
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/finite_field.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class PolyMultiplyFF : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"d_input1", "const uint32_t*"}, {"d_input2", "const uint32_t*"}, {"d_output", "uint32_t*"},
            {"n", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override { size_at_least(args, "n", 1); }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t n = args.integer("n");
    return {{"d_input1", {n}}, {"d_input2", {n}}, {"d_output", {2 * n - 1}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const double n = static_cast<double>(args.integer("n"));
    return 2.0 * n * n;
  }
  std::string flop_formula() const override { return "2 * n^2 (a multiplication and an addition per pair)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t n = args.integer("n");
    const uint32_t* a = inputs.at("d_input1").as<uint32_t>();
    const uint32_t* b = inputs.at("d_input2").as<uint32_t>();
    uint32_t* c = outputs.at("d_output").as<uint32_t>();
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
