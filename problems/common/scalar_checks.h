// Reading and checking scalar parameters for validate(): each helper throws
// judge::InvalidCase with a message that names the parameter, its value and
// the rule it breaks, so a bad case file is fixed without reading code.
#pragma once

#include <cstdint>
#include <string>

#include "judge/problem/definition.h"

namespace problems {

// The size_t parameter `name`, which must be at least `minimum`.
int64_t size_at_least(const judge::ScalarArgs& args, const std::string& name, int64_t minimum);

// The double parameter `name`, which must be finite.
double finite_real(const judge::ScalarArgs& args, const std::string& name);

// Throws judge::InvalidCase(message) unless `ok`.
void require(bool ok, const std::string& message);

// `divisor_name` (value divisor) must divide `dividend_name` (value dividend).
void require_divides(const std::string& divisor_name, int64_t divisor,
                     const std::string& dividend_name, int64_t dividend);

// Transposed-convolution output extent along one axis:
// (in - 1) * stride - 2 * padding + dilation * (kernel - 1) + output_padding + 1.
int64_t transposed_output_extent(int64_t in, int64_t kernel, int64_t stride, int64_t padding,
                                 int64_t output_padding, int64_t dilation);

// The framework rule for output_padding: it must be smaller than
// max(stride, dilation) on its axis, or the extra row would fall outside
// every kernel tap's reach.
void require_output_padding_below(const std::string& name, int64_t output_padding,
                                  int64_t stride, int64_t dilation);

}  // namespace problems
