// Argmin over one dimension, first index on ties; int32 output compared
// exactly. The shape is a literal int array given by the case, as argmax's.
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/parallel.h"
#include "problems/common/reduction_shape.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class Argmin : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input", "const float*"}, {"dim", "int"}, {"output", "int*"}, {"shape", "const int*"}, {"ndim", "int"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    require(args.integer("ndim") >= 2, "parameter 'ndim' = " + std::to_string(args.integer("ndim")) +
                                           " must be at least 2 (the output drops a dimension)");
    reduction_shape(args);
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const ReductionShape s = reduction_shape(args);
    judge::Shape dropped = s.extents;
    dropped.erase(dropped.begin() + s.dim);
    return {{"input", s.extents}, {"output", dropped}, {"shape", {static_cast<int64_t>(s.extents.size())}}};
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
    int32_t* output = outputs.at("output").as<int32_t>();
    parallel_for(s.outer, [&](int64_t o) {
      for (int64_t i = 0; i < s.inner; ++i) {
        int64_t best = 0;
        for (int64_t k = 1; k < s.extent; ++k) {
          // Strictly less: the first of equal values stays.
          if (input[(o * s.extent + k) * s.inner + i] < input[(o * s.extent + best) * s.inner + i]) best = k;
        }
        output[o * s.inner + i] = static_cast<int32_t>(best);
      }
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("argmin", problems::Argmin);
