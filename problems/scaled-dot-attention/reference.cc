// scaled-dot-attention: output = softmax(Q K^T / sqrt(E)) V per (batch, head),
// no mask. One parallel item per query row: its S scores, the softmax and the
// weighted sum of the value rows, all in double, one rounding at the end.
#include <algorithm>
#include <cmath>

#include "judge/problem/definition.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class ScaledDotAttention : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"Q", "const float*"}, {"K", "const float*"}, {"V", "const float*"}, {"output", "float*"},
            {"B", "size_t"},       {"H", "size_t"},       {"S", "size_t"},       {"E", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    for (const char* name : {"B", "H", "S", "E"}) size_at_least(args, name, 1);
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const judge::Shape shape = {args.integer("B"), args.integer("H"), args.integer("S"), args.integer("E")};
    return {{"Q", shape}, {"K", shape}, {"V", shape}, {"output", shape}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const double bh = static_cast<double>(args.integer("B")) * static_cast<double>(args.integer("H"));
    const double s = static_cast<double>(args.integer("S")), e = static_cast<double>(args.integer("E"));
    return 4 * bh * s * s * e + 5 * bh * s * s;
  }
  std::string flop_formula() const override {
    return "4 * B * H * S^2 * E + 5 * B * H * S^2 (the two products, then scaling and softmax)";
  }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t s = args.integer("S"), e = args.integer("E");
    const int64_t rows = args.integer("B") * args.integer("H") * s;
    const float* q = inputs.at("Q");
    const float* k = inputs.at("K");
    const float* v = inputs.at("V");
    float* output = outputs.at("output");
    const double scale = 1.0 / std::sqrt(static_cast<double>(e));
    parallel_for(rows, [&](int64_t row) {
      const int64_t head = row / s;  // (batch, head) pair: its keys and values start at head * s * e
      const float* query = q + row * e;
      const float* keys = k + head * s * e;
      const float* values = v + head * s * e;
      double* scores = scratch_buffer(0, s);
      double* sum = scratch_buffer(1, e);
      double highest = -INFINITY;
      for (int64_t j = 0; j < s; ++j) {
        double dot = 0;
        for (int64_t d = 0; d < e; ++d) dot += static_cast<double>(query[d]) * keys[j * e + d];
        scores[j] = dot * scale;
        highest = std::max(highest, scores[j]);
      }
      double total = 0;
      std::fill(sum, sum + e, 0.0);
      for (int64_t j = 0; j < s; ++j) {
        const double weight = std::exp(scores[j] - highest);
        total += weight;
        for (int64_t d = 0; d < e; ++d) sum[d] += weight * values[j * e + d];
      }
      for (int64_t d = 0; d < e; ++d) output[row * e + d] = static_cast<float>(sum[d] / total);
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("scaled-dot-attention", problems::ScaledDotAttention);
