// Max over one dimension (values only, keepdim) of a tensor whose shape is a
// literal size_t array given by the case, as sum-dim's.
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/parallel.h"
#include "problems/common/reduction_shape.h"

namespace problems {
namespace {

class MaxDim : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input", "const float*"}, {"dim", "int"}, {"output", "float*"},
            {"shape", "const size_t*"}, {"ndim", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override { reduction_shape(args); }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const ReductionShape s = reduction_shape(args);
    judge::Shape kept = s.extents;
    kept[static_cast<std::size_t>(s.dim)] = 1;
    return {{"input", s.extents}, {"output", kept}, {"shape", {static_cast<int64_t>(s.extents.size())}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const ReductionShape s = reduction_shape(args);
    return static_cast<double>(s.outer * s.inner) * static_cast<double>(s.extent - 1);
  }
  std::string flop_formula() const override {
    return "prod(shape) / shape[dim] * (shape[dim] - 1) (one comparison per element after the first of each line)";
  }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const ReductionShape s = reduction_shape(args);
    const float* input = inputs.at("input");
    float* output = outputs.at("output");
    parallel_for(s.outer, [&](int64_t o) {
      for (int64_t i = 0; i < s.inner; ++i) {
        float best = input[o * s.extent * s.inner + i];
        for (int64_t k = 1; k < s.extent; ++k) {
          const float v = input[(o * s.extent + k) * s.inner + i];
          if (v > best) best = v;
        }
        output[o * s.inner + i] = best;
      }
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("max-dim", problems::MaxDim);
