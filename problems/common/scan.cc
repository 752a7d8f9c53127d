#include "problems/common/scan.h"

#include <algorithm>
#include <vector>

#include "problems/common/scalar_checks.h"

namespace problems {

void inclusive_sum(const float* x, int64_t count, float* y) {
  double sum = 0;
  for (int64_t i = 0; i < count; ++i) {
    sum += x[i];
    y[i] = static_cast<float>(sum);
  }
}

void inclusive_product(const float* x, int64_t count, float* y) {
  double product = 1;
  for (int64_t i = 0; i < count; ++i) {
    product *= x[i];
    y[i] = static_cast<float>(product);
  }
}

void centred_window_sum(const float* x, int64_t count, int64_t window, float* y) {
  // Differences of double prefix sums: prefix[k] = x[0] + ... + x[k - 1].
  // With |x| of order 1 and count <= 2^31 the prefix stays far inside
  // double's exact range, so a difference loses nothing measurable.
  std::vector<double> prefix(static_cast<std::size_t>(count) + 1, 0.0);
  for (int64_t i = 0; i < count; ++i) prefix[static_cast<std::size_t>(i) + 1] = prefix[static_cast<std::size_t>(i)] + x[i];
  const int64_t half = (window - 1) / 2;
  for (int64_t i = 0; i < count; ++i) {
    const int64_t lo = std::max<int64_t>(0, i - half), hi = std::min<int64_t>(count, i + half + 1);
    y[i] = static_cast<float>(prefix[static_cast<std::size_t>(hi)] - prefix[static_cast<std::size_t>(lo)]);
  }
}

std::vector<judge::ProblemDefinition::ParameterDecl> VectorScan::parameters() const {
  return {{"input", "const float*"}, {"output", "float*"}, {"N", "size_t"}};
}

void VectorScan::validate(const judge::ScalarArgs& args) const { size_at_least(args, "N", 1); }

std::map<std::string, judge::Shape> VectorScan::tensor_shapes(const judge::ScalarArgs& args) const {
  return {{"input", {args.integer("N")}}, {"output", {args.integer("N")}}};
}

double VectorScan::flops(const judge::ScalarArgs& args) const { return static_cast<double>(args.integer("N") - 1); }

std::string VectorScan::flop_formula() const {
  return "N - 1 (one " + m_operation + " per element after the first)";
}

void VectorScan::reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                           const judge::MutableTensors& outputs) const {
  m_scan(inputs.at("input"), args.integer("N"), outputs.at("output"));
}

}  // namespace problems
