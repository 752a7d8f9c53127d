// Leaky ReLU on an (n, m) matrix: x > 0 ? x : alpha * x. The first problem
// with a [VAR] scalar: alpha has the dtype in force, and the judge hands the
// reference the value rounded to it (as float32 for float16 problems, like
// every float16 tensor), so one code path serves both dtypes.
#include <algorithm>
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class LeakyRelu : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input", "const [VAR]*"}, {"alpha", "[VAR]"}, {"output", "[VAR]*"}, {"n", "size_t"}, {"m", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    size_at_least(args, "n", 1);
    size_at_least(args, "m", 1);
    finite_real(args, "alpha");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const judge::Shape matrix = {args.integer("n"), args.integer("m")};
    return {{"input", matrix}, {"output", matrix}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return static_cast<double>(args.integer("n")) * static_cast<double>(args.integer("m"));
  }
  std::string flop_formula() const override { return "n * m (one select or multiply per element)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const float* input = inputs.at("input");
    float* output = outputs.at("output");
    const double alpha = args.real("alpha");
    const int64_t count = args.integer("n") * args.integer("m");
    constexpr int64_t kChunk = 1 << 16;
    parallel_for((count + kChunk - 1) / kChunk, [&](int64_t chunk) {
      const int64_t end = std::min(count, (chunk + 1) * kChunk);
      for (int64_t i = chunk * kChunk; i < end; ++i) {
        const double x = input[i];
        output[i] = static_cast<float>(x > 0 ? x : alpha * x);
      }
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("leaky-relu", problems::LeakyRelu);
