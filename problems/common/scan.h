// Scans of a 1-D signal in double, shared by the references of the scan
// family (cumsum, cumprod, running-sum-1d). Inputs and outputs are float32;
// each output is rounded once from the exact-as-double result.
#pragma once

#include <cstdint>

namespace problems {

// Inclusive prefix sums: y[i] = x[0] + ... + x[i].
void inclusive_sum(const float* x, int64_t count, float* y);

// Inclusive prefix products: y[i] = x[0] * ... * x[i].
void inclusive_product(const float* x, int64_t count, float* y);

// Centred window sums with zero padding: y[i] = sum of x[j] for
// |j - i| <= (window - 1) / 2 and 0 <= j < count. `window` is odd.
void centred_window_sum(const float* x, int64_t count, int64_t window, float* y);

}  // namespace problems
