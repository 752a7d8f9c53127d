// 1 - cosine similarity of row i of two (n, d) matrices, each norm clamped
// to at least 1e-8; the three row sums in double, one row per task.
#include <algorithm>
#include <cmath>

#include "judge/problem/definition.h"
#include "problems/common/losses.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class CosineSimilarity : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"predictions", "const float*"}, {"targets", "const float*"}, {"output", "float*"}, {"n", "size_t"},
            {"d", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    size_at_least(args, "n", 1);
    size_at_least(args, "d", 1);
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const judge::Shape matrix = {args.integer("n"), args.integer("d")};
    return {{"predictions", matrix}, {"targets", matrix}, {"output", {args.integer("n")}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return static_cast<double>(args.integer("n")) * (5.0 * static_cast<double>(args.integer("d")) + 3.0);
  }
  std::string flop_formula() const override { return "n * (5 * d + 3) (Tensara's count)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const float* x = inputs.at("predictions");
    const float* y = inputs.at("targets");
    float* output = outputs.at("output");
    const int64_t d = args.integer("d");
    constexpr double kEps = 1e-8;
    parallel_for(args.integer("n"), [&](int64_t row) {
      const double norm_x = std::max(kEps, std::sqrt(row_dot(x, x, row, d)));
      const double norm_y = std::max(kEps, std::sqrt(row_dot(y, y, row, d)));
      output[row] = static_cast<float>(1.0 - row_dot(x, y, row, d) / (norm_x * norm_y));
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("cosine-similarity", problems::CosineSimilarity);
