// Triplet margin loss: the batch mean of max(0, d(a, p) - d(a, n) + margin),
// d(u, v) = ||u - v + 1e-6||_2 (PyTorch's pairwise_distance). Each triplet's
// term is computed in double on its own task; the terms are then added in
// row order.
#include <algorithm>
#include <cmath>
#include <vector>

#include "judge/problem/definition.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

double distance(const float* u, const float* v, int64_t length) {
  constexpr double kEps = 1e-6;
  double sum = 0;
  for (int64_t k = 0; k < length; ++k) {
    const double d = static_cast<double>(u[k]) - v[k] + kEps;
    sum += d * d;
  }
  return std::sqrt(sum);
}

class TripletMargin : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"anchor", "const float*"}, {"positive", "const float*"}, {"negative", "const float*"},
            {"loss", "float*"},         {"B", "size_t"},               {"E", "size_t"},
            {"margin", "float"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    size_at_least(args, "B", 1);
    size_at_least(args, "E", 1);
    finite_real(args, "margin");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const judge::Shape matrix = {args.integer("B"), args.integer("E")};
    return {{"anchor", matrix}, {"positive", matrix}, {"negative", matrix}, {"loss", {1}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const double b = static_cast<double>(args.integer("B"));
    const double e = static_cast<double>(args.integer("E"));
    return 2 * b * (3 * e + 4) + 4 * b - 1;
  }
  std::string flop_formula() const override { return "2 * B * (3 * E + 4) + 4 * B - 1 (Tensara's count)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const float* anchor = inputs.at("anchor");
    const float* positive = inputs.at("positive");
    const float* negative = inputs.at("negative");
    const int64_t batch = args.integer("B");
    const int64_t length = args.integer("E");
    const double margin = args.real("margin");
    std::vector<double> terms(static_cast<std::size_t>(batch));
    parallel_for(batch, [&](int64_t i) {
      const float* a = anchor + i * length;
      terms[i] = std::max(0.0, distance(a, positive + i * length, length) -
                                   distance(a, negative + i * length, length) + margin);
    });
    double sum = 0;
    for (double term : terms) sum += term;
    outputs.at("loss")[0] = static_cast<float>(sum / static_cast<double>(batch));
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("triplet-margin", problems::TripletMargin);
