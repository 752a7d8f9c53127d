// Max pooling of a vector of H floats: one kernel_size-tap window per output,
// with stride, dilation and padding (padding never wins the max).
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/pooling.h"

namespace problems {
namespace {

const std::vector<std::string> kExtents = {"H"};

class MaxPool1d : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input", "const float*"}, {"kernel_size", "int"}, {"stride", "int"}, {"padding", "int"},
            {"dilation", "int"},       {"output", "float*"},    {"H", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override { pool_geometry(args, kExtents, true); }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const PoolGeometry g = pool_geometry(args, kExtents, true);
    return {{"input", g.in}, {"output", g.out}};
  }

  // Tensara's count: kernel_size - 1 comparisons per output.
  double flops(const judge::ScalarArgs& args) const override {
    const PoolGeometry g = pool_geometry(args, kExtents, true);
    return static_cast<double>(g.out[0]) * static_cast<double>(g.kernel - 1);
  }
  std::string flop_formula() const override {
    return "H_out * (kernel_size - 1) (one comparison per window tap after the first)";
  }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    pool(PoolKind::kMax, pool_geometry(args, kExtents, true), inputs.at("input"), outputs.at("output"));
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("max-pool-1d", problems::MaxPool1d);
