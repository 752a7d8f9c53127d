#include "problems/common/softmax.h"

#include <algorithm>
#include <cmath>

#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {

void softmax_line(const float* x, int64_t count, int64_t stride, bool log, float* y) {
  double max = x[0];
  for (int64_t k = 1; k < count; ++k) max = std::max(max, static_cast<double>(x[k * stride]));
  double sum = 0;
  for (int64_t k = 0; k < count; ++k) sum += std::exp(static_cast<double>(x[k * stride]) - max);
  if (log) {
    const double log_sum = std::log(sum);
    for (int64_t k = 0; k < count; ++k) y[k * stride] = static_cast<float>(x[k * stride] - max - log_sum);
  } else {
    for (int64_t k = 0; k < count; ++k) y[k * stride] = static_cast<float>(std::exp(x[k * stride] - max) / sum);
  }
}

Moments moments(const float* x, int64_t count) {
  Moments m;
  for (int64_t k = 0; k < count; ++k) m.mean += x[k];
  m.mean /= static_cast<double>(count);
  for (int64_t k = 0; k < count; ++k) {
    const double d = x[k] - m.mean;
    m.variance += d * d;
  }
  m.variance /= static_cast<double>(count);
  return m;
}

double sum_abs(const float* x, int64_t count) {
  double sum = 0;
  for (int64_t k = 0; k < count; ++k) sum += std::fabs(static_cast<double>(x[k]));
  return sum;
}

double sum_squares(const float* x, int64_t count) {
  double sum = 0;
  for (int64_t k = 0; k < count; ++k) sum += static_cast<double>(x[k]) * x[k];
  return sum;
}

void scale_line(const float* x, int64_t count, double scale, float* y) {
  for (int64_t k = 0; k < count; ++k) y[k] = static_cast<float>(x[k] * scale);
}

void RowNormalization::validate(const judge::ScalarArgs& args) const {
  size_at_least(args, "B", 1);
  size_at_least(args, m_cols, 1);
}

std::map<std::string, judge::Shape> RowNormalization::tensor_shapes(const judge::ScalarArgs& args) const {
  const judge::Shape matrix = {args.integer("B"), args.integer(m_cols)};
  return {{"X", matrix}, {"Y", matrix}};
}

void RowNormalization::reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                                 const judge::MutableTensors& outputs) const {
  const int64_t cols = args.integer(m_cols);
  const float* x = inputs.at("X");
  float* y = outputs.at("Y");
  parallel_for(args.integer("B"), [&](int64_t row) {
    const float* in = x + row * cols;
    scale_line(in, cols, row_scale(in, cols), y + row * cols);
  });
}

}  // namespace problems
