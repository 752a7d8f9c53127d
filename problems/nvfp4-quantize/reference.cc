// NVFP4 quantization of an (m, k) float16 matrix, as FlashInfer's
// nvfp4_quantize: per block of 16 elements of a row, an E4M3 scale from the
// block's largest magnitude and the global scale sf_g, then each element cast
// to E2M1 and packed two to a byte; the scales in the 128x4 tiled layout
// (padding zero). The reference follows the recipe step by step in float32
// (microscaling.h); the checker accepts every float32 order of it (below).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "judge/problem/definition.h"
#include "problems/common/microscaling.h"
#include "problems/common/mx_problems.h"
#include "problems/common/parallel.h"

namespace problems {
namespace {

namespace mx = microscaling;

// How far a float32 evaluation of the recipe may stray from the real value
// before a cast: a handful of roundings (amax / 6, the product with sf_g,
// 1 / sf_g, the product with the scale, its reciprocal, x times it), each
// within half a float32 unit, or one unit for FlashInfer's approximate
// reciprocals; 8 units (2^-21) bound them all.
constexpr double kRecipeSlack = 0x1p-21;

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

  // The scale of each block: a nearest E4M3 value (ties either way,
  // saturating at 448, never negative) of sf_g * amax / 6 within
  // kRecipeSlack; each element: a nearest E2M1 value of x * sf_g / S within
  // kRecipeSlack, S the solution's own decoded scale (zero when S is 0), the
  // sign of a zero free; every padding byte 0.
  bool has_checker() const override { return true; }
  std::optional<std::string> check(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                                   const judge::ConstTensors&, const judge::ConstTensors& actual,
                                   const judge::Tolerance&) const override {
    const float* a = inputs.at("a");
    const uint8_t* q = actual.at("q").as<uint8_t>();
    const uint8_t* scale = actual.at("scale").as<uint8_t>();
    const int64_t m = args.integer("m"), k = args.integer("k");
    const int64_t scale_cols = k / mx::kNvfp4Block;
    const double global_encode = static_cast<float>(args.real("sf_g"));
    QuantizeFaults faults;
    const judge::Shape padded = swizzled_scale_shape(m, scale_cols);
    for (int64_t row = 0; row < padded[0]; ++row) {
      for (int64_t col = row < m ? scale_cols : 0; col < padded[1]; ++col) {
        const uint8_t code = scale[mx::swizzled_scale_offset(row, col, scale_cols)];
        if (code != 0) {
          char what[64];
          std::snprintf(what, sizeof what, "padding byte 0x%02X, where padding must be 0", code);
          faults.scale(row, col, what);
        }
      }
    }
    parallel_for(m, [&](int64_t row) {
      for (int64_t block = 0; block < scale_cols; ++block) {
        const float* x = a + row * k + block * mx::kNvfp4Block;
        float amax = 0;
        for (int64_t i = 0; i < mx::kNvfp4Block; ++i) amax = std::max(amax, std::fabs(x[i]));
        const double exact_scale = global_encode * amax / 6;
        const uint8_t code = scale[mx::swizzled_scale_offset(row, block, scale_cols)];
        if ((code & 0x80) != 0 || !mx::rounds_to_nearest(code, mx::CodeFormat::kE4m3, exact_scale, kRecipeSlack)) {
          char what[160];
          std::snprintf(what, sizeof what, "%s for sf_g * amax / 6 = %.9g (not a nearest E4M3 value)",
                        describe_code(code, mx::e4m3_value(code)).c_str(), exact_scale);
          faults.scale(row, block, what);
          continue;  // its elements follow another scale: not worth reporting
        }
        const double decoded_scale = mx::e4m3_value(code);
        for (int64_t i = 0; i < mx::kNvfp4Block; ++i) {
          const int64_t col = block * mx::kNvfp4Block + i;
          const double t = decoded_scale == 0 ? 0.0 : x[i] * global_encode / decoded_scale;
          const uint8_t element = mx::fp4_nibble(q[(row * k + col) / 2], col);
          if (mx::rounds_to_nearest(element, mx::CodeFormat::kE2m1, t, kRecipeSlack)) continue;
          char what[160];
          std::snprintf(what, sizeof what, "%s for x * sf_g / scale = %.9g (not a nearest E2M1 value)",
                        describe_code(element, mx::e2m1_value(element)).c_str(), t);
          faults.element(row, col, what);
        }
      }
    });
    return faults.verdict();
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("nvfp4-quantize", problems::Nvfp4Quantize);
