// Mean squared error of two tensors of any rank (a literal size_t `shape`
// array, passed to the solution as a device array): one double sum over all
// elements, divided by their count, rounded once.
#include "judge/problem/definition.h"
#include "problems/common/losses.h"

namespace problems {
namespace {

class MseLoss : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"predictions", "const float*"}, {"targets", "const float*"}, {"output", "float*"},
            {"shape", "const size_t*"}, {"ndim", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override { literal_shape(args); }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const judge::Shape extents = literal_shape(args);
    return {{"predictions", extents}, {"targets", extents}, {"output", {1}},
            {"shape", {static_cast<int64_t>(extents.size())}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return 3.0 * static_cast<double>(judge::element_count(literal_shape(args)));
  }
  std::string flop_formula() const override { return "3 * prod(shape) (difference, square, sum; one division)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const float* predictions = inputs.at("predictions");
    const float* targets = inputs.at("targets");
    const int64_t count = judge::element_count(literal_shape(args));
    const double sum = parallel_sum(count, [&](int64_t i) {
      const double d = static_cast<double>(predictions[i]) - targets[i];
      return d * d;
    });
    outputs.at("output")[0] = static_cast<float>(sum / static_cast<double>(count));
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("mse-loss", problems::MseLoss);
