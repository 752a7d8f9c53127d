// C = tril(A) * tril(B) for n x n matrices: the upper triangles of the inputs
// are masked to zero, then multiplied in double (zero terms are skipped).
#include <vector>

#include "judge/problem/definition.h"
#include "problems/common/matmul.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

// The lower triangle of an n x n matrix, the rest zero.
std::vector<float> lower(const float* matrix, int64_t n) {
  std::vector<float> out(static_cast<size_t>(n * n), 0.0f);
  parallel_for(n, [&](int64_t r) {
    for (int64_t c = 0; c < n; ++c) {
      if (c <= r) out[r * n + c] = matrix[r * n + c];
    }
  });
  return out;
}

class LowerTrigMatmul : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input_a", "const float*"}, {"input_b", "const float*"}, {"output_c", "float*"}, {"n", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override { size_at_least(args, "n", 1); }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t n = args.integer("n");
    return {{"input_a", {n, n}}, {"input_b", {n, n}}, {"output_c", {n, n}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const double n = static_cast<double>(args.integer("n"));
    return n * (n + 1) * (n + 2) / 3;
  }
  std::string flop_formula() const override { return "n (n + 1) (n + 2) / 3"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t n = args.integer("n");
    const std::vector<float> a = lower(inputs.at("input_a"), n), b = lower(inputs.at("input_b"), n);
    matmul_to_float(a.data(), b.data(), outputs.at("output_c"), n, n, n);
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("lower-trig-matmul", problems::LowerTrigMatmul);
