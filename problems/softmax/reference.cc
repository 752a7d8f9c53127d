// Softmax along one dimension of a tensor whose shape is a literal size_t
// array given by the case (as sum-dim's); each line (outer, ., inner) is
// one max-subtracted softmax in double.
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/parallel.h"
#include "problems/common/reduction_shape.h"
#include "problems/common/softmax.h"

namespace problems {
namespace {

class Softmax : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input", "const float*"}, {"dim", "int"}, {"output", "float*"},
            {"shape", "const size_t*"}, {"ndim", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override { reduction_shape(args); }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const ReductionShape s = reduction_shape(args);
    return {{"input", s.extents}, {"output", s.extents}, {"shape", {static_cast<int64_t>(s.extents.size())}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const ReductionShape s = reduction_shape(args);
    return static_cast<double>(s.outer * s.inner) * static_cast<double>(5 * s.extent - 2);
  }
  std::string flop_formula() const override {
    return "prod(shape) / shape[dim] * (5 * shape[dim] - 2) (max, subtract, exp, sum, divide)";
  }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const ReductionShape s = reduction_shape(args);
    const float* input = inputs.at("input");
    float* output = outputs.at("output");
    parallel_for(s.outer, [&](int64_t o) {
      for (int64_t i = 0; i < s.inner; ++i) {
        const int64_t base = o * s.extent * s.inner + i;
        softmax_line(input + base, s.extent, s.inner, /*log=*/false, output + base);
      }
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("softmax", problems::Softmax);
