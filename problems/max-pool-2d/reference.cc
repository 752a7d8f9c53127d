// Max pooling of an (H, W) matrix with the same kernel_size, stride, padding
// and dilation on both axes (padding never wins the max).
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/pooling.h"

namespace problems {
namespace {

const std::vector<std::string> kExtents = {"H", "W"};

class MaxPool2d : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input", "const float*"}, {"kernel_size", "int"}, {"stride", "int"}, {"padding", "int"},
            {"dilation", "int"},       {"output", "float*"},    {"H", "size_t"},  {"W", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override { pool_geometry(args, kExtents, true); }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const PoolGeometry g = pool_geometry(args, kExtents, true);
    return {{"input", g.in}, {"output", g.out}};
  }

  // Tensara's count: kernel_size^2 - 1 comparisons per window, over the
  // windows an undilated kernel would give (its formula leaves dilation out).
  double flops(const judge::ScalarArgs& args) const override {
    const PoolGeometry g = pool_geometry(args, kExtents, true);
    double windows = 1;
    for (int64_t in : g.in) windows *= static_cast<double>(pooled_extent(in, g.kernel, g.stride, g.padding, 1));
    return windows * static_cast<double>(g.kernel * g.kernel - 1);
  }
  std::string flop_formula() const override {
    return "((H + 2p - k) / s + 1) * ((W + 2p - k) / s + 1) * (k^2 - 1) (integer division; Tensara's "
           "count: one comparison per tap after the first, dilation left out)";
  }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    pool(PoolKind::kMax, pool_geometry(args, kExtents, true), inputs.at("input"), outputs.at("output"));
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("max-pool-2d", problems::MaxPool2d);
