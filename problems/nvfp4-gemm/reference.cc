// NVFP4 GEMM: c (m, n) = A (m, k) * B (n, k)^T in float16, both operands E2M1
// codes packed two to a byte (even column low) with one E4M3 scale per 16
// elements along k (128x4 tiled layout) and a float32 global decode factor
// float32(1 / sf_g) each. E2M1 x E4M3 is exact in float32; the products are
// summed in double, multiplied by both global factors, and rounded once.
#include <cstdint>
#include <vector>

#include "judge/problem/definition.h"
#include "problems/common/matmul.h"
#include "problems/common/microscaling.h"
#include "problems/common/mx_problems.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

namespace mx = microscaling;

class Nvfp4Gemm : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"q_a", "const uint8_t*"}, {"scale_a", "const uint8_t*"}, {"sf_g_a", "float"},
            {"q_b", "const uint8_t*"}, {"scale_b", "const uint8_t*"}, {"sf_g_b", "float"},
            {"c", "__half*"},          {"m", "size_t"},               {"n", "size_t"},
            {"k", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    validate_blocked_matrix(args, "m", "k", mx::kNvfp4Block);
    size_at_least(args, "n", 1);
    validate_global_scale(args, "sf_g_a");
    validate_global_scale(args, "sf_g_b");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t m = args.integer("m"), n = args.integer("n"), k = args.integer("k");
    return {{"q_a", {m, k / 2}},
            {"scale_a", swizzled_scale_shape(m, k / mx::kNvfp4Block)},
            {"q_b", {n, k / 2}},
            {"scale_b", swizzled_scale_shape(n, k / mx::kNvfp4Block)},
            {"c", {m, n}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return 2.0 * static_cast<double>(args.integer("m")) * static_cast<double>(args.integer("n")) *
           static_cast<double>(args.integer("k"));
  }
  std::string flop_formula() const override { return "2 * m * n * k (as upstream)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t m = args.integer("m"), n = args.integer("n"), k = args.integer("k");
    const std::vector<float> a =
        decode_block_scaled(inputs.at("q_a").as<uint8_t>(), inputs.at("scale_a").as<uint8_t>(), m, k,
                            ElementCodes::kE2m1Packed, ScaleCodes::kE4m3, mx::kNvfp4Block);
    const std::vector<float> b =
        decode_block_scaled(inputs.at("q_b").as<uint8_t>(), inputs.at("scale_b").as<uint8_t>(), n, k,
                            ElementCodes::kE2m1Packed, ScaleCodes::kE4m3, mx::kNvfp4Block);
    const double global = static_cast<double>(mx::nvfp4_global_decode(static_cast<float>(args.real("sf_g_a")))) *
                          static_cast<double>(mx::nvfp4_global_decode(static_cast<float>(args.real("sf_g_b"))));
    float* c = outputs.at("c");  // float16 elements, held as float32
    matmul_rows({a.data(), k, false}, {b.data(), k, true}, m, n, k, [&](int64_t row, const double* values) {
      for (int64_t j = 0; j < n; ++j) c[row * n + j] = static_cast<float>(values[j] * global);
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("nvfp4-gemm", problems::Nvfp4Gemm);
