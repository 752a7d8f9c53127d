// Batched negation of elliptic-curve points over F_p: x kept, y -> (p - y mod
// p) mod p, written as (n, 2) pairs; exact, compared exactly.
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class EccPointNegation : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"xs", "const uint64_t*"}, {"ys", "const uint64_t*"}, {"p", "uint64_t"}, {"out_xy", "uint64_t*"},
            {"n", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    const int64_t p = args.integer("p");
    require(p >= 2, "parameter 'p' = " + std::to_string(p) + " must be at least 2 (a prime modulus)");
    size_at_least(args, "n", 1);
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t n = args.integer("n");
    return {{"xs", {n}}, {"ys", {n}}, {"out_xy", {n, 2}}};
  }

  double flops(const judge::ScalarArgs& args) const override { return 2.0 * static_cast<double>(args.integer("n")); }
  std::string flop_formula() const override { return "2 * n (a subtraction and a reduction per point)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t n = args.integer("n");
    const uint64_t p = static_cast<uint64_t>(args.integer("p"));
    const uint64_t* xs = inputs.at("xs").as<uint64_t>();
    const uint64_t* ys = inputs.at("ys").as<uint64_t>();
    uint64_t* out = outputs.at("out_xy").as<uint64_t>();
    parallel_chunks(n, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) {
        out[2 * i] = xs[i];
        out[2 * i + 1] = (p - ys[i] % p) % p;
      }
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("ecc-point-negation", problems::EccPointNegation);
