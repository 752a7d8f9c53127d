// Log-softmax of each row of an (M, N) matrix, max-subtracted, in double.
#include <cmath>
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"
#include "problems/common/softmax.h"

namespace problems {
namespace {

class LogSoftmax : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input", "const float*"}, {"output", "float*"}, {"M", "size_t"}, {"N", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    size_at_least(args, "M", 1);
    size_at_least(args, "N", 1);
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const judge::Shape matrix = {args.integer("M"), args.integer("N")};
    return {{"input", matrix}, {"output", matrix}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const double rows = static_cast<double>(args.integer("M")), cols = static_cast<double>(args.integer("N"));
    return 3 * rows * cols;
  }
  std::string flop_formula() const override { return "3 * M * N (per element: exp, add, subtract)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t cols = args.integer("N");
    const float* x = inputs.at("input");
    float* y = outputs.at("output");
    parallel_for(args.integer("M"), [&](int64_t row) {
      const float* in = x + row * cols;
      float* out = y + row * cols;
      softmax_line(in, cols, 1, /*log=*/true, out);
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("log-softmax", problems::LogSoftmax);
