// C (n x m) = diag(a) * B: row i of B scaled by a[i], one product per element.
#include <algorithm>

#include "judge/problem/definition.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class DiagonalMatmul : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"diagonal_a", "const float*"}, {"input_b", "const float*"}, {"output_c", "float*"},
            {"n", "size_t"}, {"m", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    size_at_least(args, "n", 1);
    size_at_least(args, "m", 1);
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t n = args.integer("n"), m = args.integer("m");
    return {{"diagonal_a", {n}}, {"input_b", {n, m}}, {"output_c", {n, m}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return static_cast<double>(args.integer("n")) * static_cast<double>(args.integer("m"));
  }
  std::string flop_formula() const override { return "n * m (one multiply per element)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const float* diagonal = inputs.at("diagonal_a");
    const float* b = inputs.at("input_b");
    float* c = outputs.at("output_c");
    const int64_t n = args.integer("n"), m = args.integer("m");
    parallel_for(n, [&](int64_t i) {
      const double d = diagonal[i];
      for (int64_t j = 0; j < m; ++j) c[i * m + j] = static_cast<float>(d * b[i * m + j]);
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("diagonal-matmul", problems::DiagonalMatmul);
