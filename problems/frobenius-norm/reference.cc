// Frobenius normalisation of a flat tensor: X / sqrt(sum X^2), one norm over
// all elements, the sum in double.
#include <cmath>
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"
#include "problems/common/softmax.h"

namespace problems {
namespace {

class FrobeniusNorm : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"X", "const float*"}, {"Y", "float*"}, {"size", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override { size_at_least(args, "size", 1); }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    return {{"X", {args.integer("size")}}, {"Y", {args.integer("size")}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return 3.0 * static_cast<double>(args.integer("size")) + 4.0;
  }
  std::string flop_formula() const override {
    return "3 * size + 4 (per element a square, an addition and a division; a square root counted as 5)";
  }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t size = args.integer("size");
    const float* x = inputs.at("X");
    float* y = outputs.at("Y");
    constexpr int64_t kChunk = int64_t{1} << 20;
    const double total =
        ordered_chunk_sum(size, kChunk, [&](int64_t begin, int64_t end) { return sum_squares(x + begin, end - begin); });
    const double scale = 1.0 / std::sqrt(total);
    parallel_chunks(size, kChunk, [&](int64_t begin, int64_t end) { scale_line(x + begin, end - begin, scale, y + begin); });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("frobenius-norm", problems::FrobeniusNorm);
