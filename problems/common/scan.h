// Scans of a 1-D signal in double, shared by the references of the scan
// family (cumsum, cumprod, running-sum-1d). Inputs and outputs are float32;
// each output is rounded once from the exact-as-double result. VectorScan is
// the whole definition of a scan of one vector with Tensara's ABI, so such a
// problem is its scan and what it counts as a FLOP.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "judge/problem/definition.h"

namespace problems {

// Inclusive prefix sums: y[i] = x[0] + ... + x[i].
void inclusive_sum(const float* x, int64_t count, float* y);

// Inclusive prefix products: y[i] = x[0] * ... * x[i].
void inclusive_product(const float* x, int64_t count, float* y);

// Centred window sums with zero padding: y[i] = sum of x[j] for
// |j - i| <= (window - 1) / 2 and 0 <= j < count. `window` is odd.
void centred_window_sum(const float* x, int64_t count, int64_t window, float* y);

// An inclusive scan of a vector of N >= 1 floats with the ABI
// (const float* input, float* output, size_t N), counted as N - 1 operations
// (one per element after the first); `operation` says which, for
// flop_formula() ("addition").
class VectorScan : public judge::ProblemDefinition {
 public:
  using Scan = void (*)(const float* x, int64_t count, float* y);
  VectorScan(Scan scan, std::string operation) : m_scan(scan), m_operation(std::move(operation)) {}

  std::vector<ParameterDecl> parameters() const override;
  void validate(const judge::ScalarArgs& args) const override;
  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override;
  double flops(const judge::ScalarArgs& args) const override;
  std::string flop_formula() const override;
  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override;

 private:
  Scan m_scan;
  std::string m_operation;
};

}  // namespace problems
