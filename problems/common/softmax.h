// Softmax and the row normalisations (L1, L2, RMS, layer, batch), in double,
// shared by the references of the normalisation/softmax family. Every
// function reads float32 values along one strided line or block and writes
// float32 results rounded once from double.
#pragma once

#include <cstdint>

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

}  // namespace problems
