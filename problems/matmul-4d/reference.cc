// C (b, i, j, k) = A (b, i, j, l) * B (l, k): one (b i j) x l by l x k
// product, accumulated in double.
#include "judge/problem/definition.h"
#include "problems/common/matmul.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class Matmul4d : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"A", "const float*"}, {"B", "const float*"}, {"C", "float*"}, {"b", "size_t"},
            {"i", "size_t"},       {"j", "size_t"},       {"l", "size_t"}, {"k", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    for (const char* name : {"b", "i", "j", "l", "k"}) size_at_least(args, name, 1);
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t b = args.integer("b"), i = args.integer("i"), j = args.integer("j"), l = args.integer("l"),
                  k = args.integer("k");
    return {{"A", {b, i, j, l}}, {"B", {l, k}}, {"C", {b, i, j, k}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    double product = 2.0;
    for (const char* name : {"b", "i", "j", "l", "k"}) product *= static_cast<double>(args.integer(name));
    return product;
  }
  std::string flop_formula() const override { return "2 * b * i * j * l * k"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    matmul_to_float(inputs.at("A"), inputs.at("B"), outputs.at("C"),
                    args.integer("b") * args.integer("i") * args.integer("j"), args.integer("k"), args.integer("l"));
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("matmul-4d", problems::Matmul4d);
