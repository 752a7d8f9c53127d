// C (n, m, l) = A (n, m, k) * B (k, l): one (n m) x k by k x l product,
// accumulated in double.
#include "judge/problem/definition.h"
#include "problems/common/matmul.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class Matmul3d : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"A", "const float*"}, {"B", "const float*"}, {"C", "float*"},
            {"n", "size_t"},       {"m", "size_t"},       {"k", "size_t"}, {"l", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    for (const char* name : {"n", "m", "k", "l"}) size_at_least(args, name, 1);
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t n = args.integer("n"), m = args.integer("m"), k = args.integer("k"), l = args.integer("l");
    return {{"A", {n, m, k}}, {"B", {k, l}}, {"C", {n, m, l}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    double product = 2.0;
    for (const char* name : {"n", "m", "k", "l"}) product *= static_cast<double>(args.integer(name));
    return product;
  }
  std::string flop_formula() const override { return "2 * n * m * k * l"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    matmul_to_float(inputs.at("A"), inputs.at("B"), outputs.at("C"), args.integer("n") * args.integer("m"),
                    args.integer("l"), args.integer("k"));
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("matmul-3d", problems::Matmul3d);
