// Average pooling of a vector of H floats: kernel_size-wide windows with
// stride and zero padding, each sum divided by kernel_size (padded positions
// count, as zeros).
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/pooling.h"

namespace problems {
namespace {

const std::vector<std::string> kExtents = {"H"};

class AvgPool1d : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input", "const float*"}, {"kernel_size", "int"}, {"stride", "int"},
            {"padding", "int"},        {"output", "float*"},   {"H", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override { pool_geometry(args, kExtents, false); }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const PoolGeometry g = pool_geometry(args, kExtents, false);
    return {{"input", g.in}, {"output", g.out}};
  }

  // Tensara's count: kernel_size - 1 additions and one division per output.
  double flops(const judge::ScalarArgs& args) const override {
    const PoolGeometry g = pool_geometry(args, kExtents, false);
    return static_cast<double>(g.out[0]) * static_cast<double>(g.kernel);
  }
  std::string flop_formula() const override {
    return "H_out * kernel_size (kernel_size - 1 additions and one division per output)";
  }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    pool(PoolKind::kAverage, pool_geometry(args, kExtents, false), inputs.at("input"), outputs.at("output"));
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("avg-pool-1d", problems::AvgPool1d);
