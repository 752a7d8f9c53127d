// Elementwise product modulo the Mersenne prime 2^31 - 1 of two uint32
// vectors; exact, compared exactly.
#include <algorithm>
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/finite_field.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

constexpr int64_t kChunk = 1 << 16;

class VectorMultiplyFF : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"d_input1", "const uint32_t*"}, {"d_input2", "const uint32_t*"}, {"d_output", "uint32_t*"},
            {"n", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override { size_at_least(args, "n", 1); }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t n = args.integer("n");
    return {{"d_input1", {n}}, {"d_input2", {n}}, {"d_output", {n}}};
  }

  double flops(const judge::ScalarArgs& args) const override { return 2.0 * static_cast<double>(args.integer("n")); }
  std::string flop_formula() const override { return "2 * n (a multiplication and a reduction per element)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t n = args.integer("n");
    const uint32_t* a = inputs.at("d_input1").as<uint32_t>();
    const uint32_t* b = inputs.at("d_input2").as<uint32_t>();
    uint32_t* c = outputs.at("d_output").as<uint32_t>();
    parallel_for((n + kChunk - 1) / kChunk, [&](int64_t chunk) {
      for (int64_t i = chunk * kChunk; i < std::min(n, (chunk + 1) * kChunk); ++i) c[i] = mul_mod_mersenne31(a[i], b[i]);
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("vector-multiply-ff", problems::VectorMultiplyFF);
