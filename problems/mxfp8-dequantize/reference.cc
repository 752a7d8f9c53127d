// MXFP8 dequantization of an (m, k) matrix: out = E4M3 code x 2^(scale - 127),
// one E8M0 scale per 32 consecutive elements of a row.
#include <cmath>
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/microscaling.h"
#include "problems/common/mx_problems.h"
#include "problems/common/parallel.h"

namespace problems {
namespace {

namespace mx = microscaling;

class Mxfp8Dequantize : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"q", "const uint8_t*"}, {"scale", "const uint8_t*"}, {"out", "float*"}, {"m", "size_t"}, {"k", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override { validate_blocked_matrix(args, "m", "k", mx::kMxBlock); }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t m = args.integer("m"), k = args.integer("k");
    return {{"q", {m, k}}, {"scale", {m, k / mx::kMxBlock}}, {"out", {m, k}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return static_cast<double>(args.integer("m")) * static_cast<double>(args.integer("k"));
  }
  std::string flop_formula() const override { return "m * k (one scaling multiply per element; upstream counts none)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const uint8_t* q = inputs.at("q").as<uint8_t>();
    const uint8_t* scale = inputs.at("scale").as<uint8_t>();
    float* out = outputs.at("out");
    const int64_t m = args.integer("m"), k = args.integer("k");
    parallel_for(m, [&](int64_t row) {
      for (int64_t col = 0; col < k; ++col) {
        const int64_t i = row * k + col;
        const double block_scale = mx::e8m0_value(scale[row * (k / mx::kMxBlock) + col / mx::kMxBlock]);
        out[i] = static_cast<float>(mx::e4m3_value(q[i]) * block_scale);
      }
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("mxfp8-dequantize", problems::Mxfp8Dequantize);
