// Softmax and the row normalisations (L1, L2, RMS, layer, batch), in double,
// shared by the references of the normalisation/softmax family. Every
// function reads float32 values along one strided line or block and writes
// float32 results rounded once from double. RowNormalization is the whole
// definition of a problem that scales each row of a (B, D) matrix by a factor
// computed from that row (L1, L2, RMS), so such a problem is its factor and
// FLOP count.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "judge/problem/definition.h"

namespace problems {

// Softmax (or log-softmax when `log`) of the `count` values
// x[0], x[stride], ..., x[(count - 1) * stride], written to y at the same
// offsets. Max-subtracted: exp(x - max) / sum, or x - max - log(sum).
void softmax_line(const float* x, int64_t count, int64_t stride, bool log, float* y);

// Mean and biased variance (two passes, in double) of `count` contiguous
// values.
struct Moments {
  double mean = 0;
  double variance = 0;
};
Moments moments(const float* x, int64_t count);

// Sum of |x| and sum of x^2 over `count` contiguous values, in double.
double sum_abs(const float* x, int64_t count);
double sum_squares(const float* x, int64_t count);

// y[i] = x[i] * scale (scale computed in double by the caller) for
// `count` contiguous values.
void scale_line(const float* x, int64_t count, double scale, float* y);

// Y = X with each row multiplied by row_scale(row), for an (B, cols) matrix
// with the ABI (const float* X, float* Y, size_t B, size_t <cols>), B and
// cols >= 1; `cols` names the row-length parameter. The rows are scaled on
// the reference threads with scale_line.
class RowNormalization : public judge::ProblemDefinition {
 public:
  explicit RowNormalization(std::string cols) : m_cols(std::move(cols)) {}

  std::vector<ParameterDecl> parameters() const override {
    return {{"X", "const float*"}, {"Y", "float*"}, {"B", "size_t"}, {m_cols, "size_t"}};
  }
  void validate(const judge::ScalarArgs& args) const override;
  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override;
  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override;

 protected:
  // The factor, in double, that multiplies each of the `count` contiguous
  // values of one row.
  virtual double row_scale(const float* row, int64_t count) const = 0;

 private:
  std::string m_cols;
};

}  // namespace problems
