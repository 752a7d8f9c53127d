// C (size x size) = A^n, every product in double with no rounding in between.
// The input is A = E + 0.1 I: E drawn uniformly, the identity term added
// here (shape_inputs).
#include <vector>

#include "judge/problem/definition.h"
#include "problems/common/matmul.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

constexpr double kIdentityWeight = 0.1;

class MatrixPower : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input_matrix", "const float*"}, {"n", "size_t"}, {"output_matrix", "float*"}, {"size", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override { size_at_least(args, "size", 1); }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t size = args.integer("size");
    return {{"input_matrix", {size, size}}, {"output_matrix", {size, size}}};
  }

  void shape_inputs(const judge::ScalarArgs& args, const judge::MutableTensors& inputs) const override {
    const int64_t size = args.integer("size");
    float* a = inputs.at("input_matrix");
    for (int64_t i = 0; i < size; ++i) {
      a[i * size + i] = static_cast<float>(static_cast<double>(a[i * size + i]) + kIdentityWeight);
    }
  }
  std::string input_shaping() const override { return "0.1 added to the diagonal of input_matrix"; }

  double flops(const judge::ScalarArgs& args) const override {
    const int64_t n = args.integer("n");
    if (n <= 1) return 0;
    const double size = static_cast<double>(args.integer("size"));
    return 2.0 * static_cast<double>(n - 1) * size * size * size;
  }
  std::string flop_formula() const override { return "2 * (n - 1) * size^3 for n >= 2, else 0"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t n = args.integer("n"), size = args.integer("size");
    const std::size_t count = static_cast<std::size_t>(size * size);
    const float* input = inputs.at("input_matrix");
    float* output = outputs.at("output_matrix");
    std::vector<double> a(input, input + count), power(count, 0.0), next(count);
    for (int64_t i = 0; i < size; ++i) power[static_cast<std::size_t>(i * size + i)] = 1.0;  // A^0
    if (n >= 1) power = a;
    for (int64_t k = 2; k <= n; ++k) {
      matmul_double(power.data(), a.data(), next.data(), size, size, size);
      power.swap(next);
    }
    for (std::size_t i = 0; i < count; ++i) output[i] = static_cast<float>(power[i]);
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("matrix-power", problems::MatrixPower);
