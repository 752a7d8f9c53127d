// s * A for a square (n, n) matrix A; the scalar is a float parameter, so the
// judge hands the reference its float32 value and the product is exact.
#include "judge/problem/definition.h"
#include "problems/common/elementwise.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class MatrixScalar : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input_matrix", "const float*"}, {"scalar", "float"}, {"output_matrix", "float*"}, {"n", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    size_at_least(args, "n", 1);
    finite_real(args, "scalar");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const judge::Shape matrix = {args.integer("n"), args.integer("n")};
    return {{"input_matrix", matrix}, {"output_matrix", matrix}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const double n = static_cast<double>(args.integer("n"));
    return n * n;
  }
  std::string flop_formula() const override { return "n^2 (one multiplication per element)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const double scalar = args.real("scalar");
    const int64_t n = args.integer("n");
    map_unary(inputs.at("input_matrix"), outputs.at("output_matrix"), n * n,
              [scalar](double x) { return scalar * x; });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("matrix-scalar", problems::MatrixScalar);
