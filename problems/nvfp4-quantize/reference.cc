// NVFP4 quantization of an (m, k) float16 matrix, as FlashInfer's
// nvfp4_quantize: per block of 16 elements of a row, an E4M3 scale from the
// block's largest magnitude and the global scale sf_g, then each element cast
// to E2M1 and packed two to a byte; the scales in the 128x4 tiled layout
// (padding zero). Both outputs are bytes, compared exactly, so the recipe is
// fixed step by step in float32 (microscaling.h).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "judge/problem/definition.h"
#include "problems/common/microscaling.h"
#include "problems/common/mx_problems.h"
#include "problems/common/parallel.h"

namespace problems {
namespace {

namespace mx = microscaling;

class Nvfp4Quantize : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"a", "const __half*"}, {"sf_g", "float"}, {"q", "uint8_t*"},
            {"scale", "uint8_t*"},  {"m", "size_t"},   {"k", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    validate_blocked_matrix(args, "m", "k", mx::kNvfp4Block);
    validate_global_scale(args, "sf_g");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t m = args.integer("m"), k = args.integer("k");
    return {{"a", {m, k}}, {"q", {m, k / 2}}, {"scale", swizzled_scale_shape(m, k / mx::kNvfp4Block)}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return 2.0 * static_cast<double>(args.integer("m")) * static_cast<double>(args.integer("k"));
  }
  std::string flop_formula() const override {
    return "2 * m * k (a max and a scaling multiply per element; upstream counts none)";
  }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const float* a = inputs.at("a");  // float16 values, held as float32
    uint8_t* q = outputs.at("q").as<uint8_t>();
    uint8_t* scale = outputs.at("scale").as<uint8_t>();
    const int64_t m = args.integer("m"), k = args.integer("k");
    const int64_t scale_cols = k / mx::kNvfp4Block;
    const float global_encode = static_cast<float>(args.real("sf_g"));
    std::memset(scale, 0, static_cast<std::size_t>(mx::swizzled_scale_count(m, scale_cols)));
    parallel_for(m, [&](int64_t row) {
      for (int64_t block = 0; block < scale_cols; ++block) {
        const float* x = a + row * k + block * mx::kNvfp4Block;
        float amax = 0;
        for (int64_t i = 0; i < mx::kNvfp4Block; ++i) amax = std::max(amax, std::fabs(x[i]));
        const mx::Nvfp4BlockScale block_scale = mx::nvfp4_block_scale(amax, global_encode);
        scale[mx::swizzled_scale_offset(row, block, scale_cols)] = block_scale.code;
        uint8_t* packed = q + (row * k + block * mx::kNvfp4Block) / 2;
        for (int64_t i = 0; i < mx::kNvfp4Block; i += 2) {
          packed[i / 2] = mx::fp4_pack(mx::e2m1_code(x[i] * block_scale.encode),
                                       mx::e2m1_code(x[i + 1] * block_scale.encode));
        }
      }
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("nvfp4-quantize", problems::Nvfp4Quantize);
