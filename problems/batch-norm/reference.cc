// Batch normalisation of a (B, F, D1, D2) tensor: per channel, mean and
// biased variance over (B, D1, D2) (two passes, in double), eps 1e-5, no affine.
#include <cmath>
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class BatchNorm : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"X", "const float*"}, {"Y", "float*"}, {"B", "size_t"}, {"F", "size_t"}, {"D1", "size_t"}, {"D2", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    for (const char* name : {"B", "F", "D1", "D2"}) size_at_least(args, name, 1);
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const judge::Shape full = {args.integer("B"), args.integer("F"), args.integer("D1"), args.integer("D2")};
    return {{"X", full}, {"Y", full}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return static_cast<double>(6 * args.integer("B") + 2) *
           static_cast<double>(args.integer("F") * args.integer("D1") * args.integer("D2"));
  }
  std::string flop_formula() const override { return "(6 * B + 2) * F * D1 * D2 (Tensara's count)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t batch = args.integer("B"), channels = args.integer("F");
    const int64_t spatial = args.integer("D1") * args.integer("D2");
    const float* x = inputs.at("X");
    float* y = outputs.at("Y");
    const double count = static_cast<double>(batch * spatial);
    parallel_for(channels, [&](int64_t f) {
      double mean = 0;
      for (int64_t b = 0; b < batch; ++b) {
        const float* plane = x + (b * channels + f) * spatial;
        for (int64_t s = 0; s < spatial; ++s) mean += plane[s];
      }
      mean /= count;
      double variance = 0;
      for (int64_t b = 0; b < batch; ++b) {
        const float* plane = x + (b * channels + f) * spatial;
        for (int64_t s = 0; s < spatial; ++s) variance += (plane[s] - mean) * (plane[s] - mean);
      }
      variance /= count;
      const double inv_std = 1.0 / std::sqrt(variance + 1e-5);
      for (int64_t b = 0; b < batch; ++b) {
        const float* plane = x + (b * channels + f) * spatial;
        float* out = y + (b * channels + f) * spatial;
        for (int64_t s = 0; s < spatial; ++s) out[s] = static_cast<float>((plane[s] - mean) * inv_std);
      }
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("batch-norm", problems::BatchNorm);
