// ELU on an (n, m) matrix: x > 0 ? x : alpha * (e^x - 1), alpha a float
// parameter after the sizes (Tensara's ABI).
#include <cmath>

#include "judge/problem/definition.h"
#include "problems/common/elementwise.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class Elu : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input", "const float*"}, {"output", "float*"}, {"n", "size_t"}, {"m", "size_t"}, {"alpha", "float"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    size_at_least(args, "n", 1);
    size_at_least(args, "m", 1);
    finite_real(args, "alpha");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const judge::Shape matrix = {args.integer("n"), args.integer("m")};
    return {{"input", matrix}, {"output", matrix}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return 3.0 * static_cast<double>(args.integer("n")) * static_cast<double>(args.integer("m"));
  }
  std::string flop_formula() const override { return "3 * n * m (Tensara's count: compare, exp, multiply-subtract)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const double alpha = args.real("alpha");
    map_unary(inputs.at("input"), outputs.at("output"), args.integer("n") * args.integer("m"),
              [alpha](double x) { return x > 0 ? x : alpha * std::expm1(x); });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("elu", problems::Elu);
