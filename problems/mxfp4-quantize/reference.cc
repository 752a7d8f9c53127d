// MXFP4 quantization of an (m, k) float32 matrix, as torchao's to_mx: per
// block of 32 elements of a row, the E8M0 scale from the largest exponent
// (FLOOR rule), then each element times 2^(127 - scale) cast to E2M1 (round
// to nearest even, saturating at 6), packed two to a byte (even column in
// the low nibble). Both outputs are bytes, compared exactly.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/microscaling.h"
#include "problems/common/mx_problems.h"
#include "problems/common/parallel.h"

namespace problems {
namespace {

namespace mx = microscaling;

class Mxfp4Quantize : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"a", "const float*"}, {"q", "uint8_t*"}, {"scale", "uint8_t*"}, {"m", "size_t"}, {"k", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override { validate_blocked_matrix(args, "m", "k", mx::kMxBlock); }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t m = args.integer("m"), k = args.integer("k");
    return {{"a", {m, k}}, {"q", {m, k / 2}}, {"scale", {m, k / mx::kMxBlock}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return 2.0 * static_cast<double>(args.integer("m")) * static_cast<double>(args.integer("k"));
  }
  std::string flop_formula() const override {
    return "2 * m * k (a max and a scaling multiply per element; upstream counts none)";
  }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const float* a = inputs.at("a");
    uint8_t* q = outputs.at("q").as<uint8_t>();
    uint8_t* scale = outputs.at("scale").as<uint8_t>();
    const int64_t blocks = args.integer("m") * (args.integer("k") / mx::kMxBlock);
    parallel_for(blocks, [&](int64_t block) {
      const float* x = a + block * mx::kMxBlock;
      float max_abs = 0;
      for (int64_t i = 0; i < mx::kMxBlock; ++i) max_abs = std::max(max_abs, std::fabs(x[i]));
      const uint8_t code = mx::mx_scale_code(max_abs, mx::kE2m1MaxPow2);
      const float inverse = mx::mx_inverse_scale(code);
      scale[block] = code;
      for (int64_t i = 0; i < mx::kMxBlock; i += 2) {
        q[(block * mx::kMxBlock + i) / 2] = mx::fp4_pack(mx::e2m1_code(x[i] * inverse), mx::e2m1_code(x[i + 1] * inverse));
      }
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("mxfp4-quantize", problems::Mxfp4Quantize);
