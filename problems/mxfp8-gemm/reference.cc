// MXFP8 GEMM: c (m, n) = A (m, k) * B (n, k)^T, both operands E4M3 codes with
// one E8M0 scale per 32 elements along k, the scales in the 128x4 tiled
// layout. The operands decode exactly to float32; the products are summed in
// double and each element of c rounded once.
#include <cstdint>
#include <string>
#include <vector>

#include "judge/problem/definition.h"
#include "problems/common/matmul.h"
#include "problems/common/microscaling.h"
#include "problems/common/mx_problems.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

namespace mx = microscaling;

class Mxfp8Gemm : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"q_a", "const uint8_t*"}, {"scale_a", "const uint8_t*"}, {"q_b", "const uint8_t*"},
            {"scale_b", "const uint8_t*"}, {"c", "float*"}, {"m", "size_t"}, {"n", "size_t"}, {"k", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    validate_blocked_matrix(args, "m", "k", mx::kMxBlock);
    const int64_t n = size_at_least(args, "n", mx::kMxBlock);
    require(n % mx::kMxBlock == 0, "n = " + std::to_string(n) + " must be a multiple of 32 (upstream's rule for B)");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t m = args.integer("m"), n = args.integer("n"), k = args.integer("k");
    return {{"q_a", {m, k}},
            {"scale_a", swizzled_scale_shape(m, k / mx::kMxBlock)},
            {"q_b", {n, k}},
            {"scale_b", swizzled_scale_shape(n, k / mx::kMxBlock)},
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
                            ElementCodes::kE4m3, ScaleCodes::kE8m0, mx::kMxBlock);
    const std::vector<float> b =
        decode_block_scaled(inputs.at("q_b").as<uint8_t>(), inputs.at("scale_b").as<uint8_t>(), n, k,
                            ElementCodes::kE4m3, ScaleCodes::kE8m0, mx::kMxBlock);
    float* c = outputs.at("c");
    matmul_rows({a.data(), k, false}, {b.data(), k, true}, m, n, k, [&](int64_t row, const double* values) {
      for (int64_t j = 0; j < n; ++j) c[row * n + j] = static_cast<float>(values[j]);
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("mxfp8-gemm", problems::Mxfp8Gemm);
