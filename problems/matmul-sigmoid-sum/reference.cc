// matmul-sigmoid-sum: output (one float) = sum over (i, j) of sigmoid((A * B)[i][j]),
// A (M x K), B (K x N). Product, sigmoid and both levels of the sum in
// double (problems/common/matmul), rounded once.
#include <cmath>
#include <vector>

#include "judge/problem/definition.h"
#include "problems/common/matmul.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class MatmulSigmoidSum : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"A", "const float*"}, {"B", "const float*"}, {"output", "float*"},
            {"M", "size_t"},       {"N", "size_t"},       {"K", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    for (const char* name : {"M", "N", "K"}) size_at_least(args, name, 1);
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t m = args.integer("M"), n = args.integer("N"), k = args.integer("K");
    return {{"A", {m, k}}, {"B", {k, n}}, {"output", {1}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const double m = static_cast<double>(args.integer("M")), n = static_cast<double>(args.integer("N")),
                 k = static_cast<double>(args.integer("K"));
    return 2 * m * n * k + 3 * m * n + (m * n - 1);
  }
  std::string flop_formula() const override {
    return "2 * M * N * K + 3 * M * N + (M * N - 1) (product, sigmoid, sum)";
  }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t m = args.integer("M"), n = args.integer("N"), k = args.integer("K");
    // One partial sum per row, added in row order afterwards: the result does
    // not depend on which thread finished first.
    std::vector<double> row_sums(m);
    matmul_rows({inputs.at("A"), k, false}, {inputs.at("B"), n, false}, m, n, k,
                [&](int64_t row, const double* values) {
                  double sum = 0;
                  for (int64_t j = 0; j < n; ++j) sum += 1.0 / (1.0 + std::exp(-values[j]));
                  row_sums[row] = sum;
                });
    double total = 0;
    for (double sum : row_sums) total += sum;
    outputs.at("output")[0] = static_cast<float>(total);
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("matmul-sigmoid-sum", problems::MatmulSigmoidSum);
