// Layer normalisation of a (B, F, D1, D2) tensor over (F, D1, D2) per sample,
// biased variance, eps 1e-5, then * gamma + beta per feature; in double.
#include <cmath>
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"
#include "problems/common/softmax.h"

namespace problems {
namespace {

class LayerNorm : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"X", "const float*"}, {"gamma", "const float*"}, {"beta", "const float*"}, {"Y", "float*"},
            {"B", "size_t"},       {"F", "size_t"},           {"D1", "size_t"},          {"D2", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    for (const char* name : {"B", "F", "D1", "D2"}) size_at_least(args, name, 1);
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const judge::Shape feature = {args.integer("F"), args.integer("D1"), args.integer("D2")};
    const judge::Shape full = {args.integer("B"), feature[0], feature[1], feature[2]};
    return {{"X", full}, {"gamma", feature}, {"beta", feature}, {"Y", full}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return 14.0 * static_cast<double>(args.integer("B") * args.integer("F") * args.integer("D1") * args.integer("D2"));
  }
  std::string flop_formula() const override { return "14 * B * F * D1 * D2 (Tensara's per-element estimate)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t n = args.integer("F") * args.integer("D1") * args.integer("D2");
    const float* x = inputs.at("X");
    const float* gamma = inputs.at("gamma");
    const float* beta = inputs.at("beta");
    float* y = outputs.at("Y");
    parallel_for(args.integer("B"), [&](int64_t b) {
      const float* in = x + b * n;
      float* out = y + b * n;
      const Moments m = moments(in, n);
      const double inv_std = 1.0 / std::sqrt(m.variance + 1e-5);
      for (int64_t k = 0; k < n; ++k) {
        out[k] = static_cast<float>((in[k] - m.mean) * inv_std * gamma[k] + beta[k]);
      }
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("layer-norm", problems::LayerNorm);
