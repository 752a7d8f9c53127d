#include "problems/common/scalar_checks.h"

#include <algorithm>
#include <cmath>

namespace problems {

int64_t size_at_least(const judge::ScalarArgs& args, const std::string& name, int64_t minimum) {
  if (!args.has(name)) throw judge::InvalidCase("parameter '" + name + "' has no value");
  int64_t value = 0;
  try {
    value = args.integer(name);
  } catch (const std::out_of_range& error) {
    throw judge::InvalidCase(error.what());
  }
  if (value < minimum) {
    throw judge::InvalidCase("parameter '" + name + "' = " + std::to_string(value) +
                             ": must be at least " + std::to_string(minimum));
  }
  return value;
}

double finite_real(const judge::ScalarArgs& args, const std::string& name) {
  if (!args.has(name)) throw judge::InvalidCase("parameter '" + name + "' has no value");
  double value = 0;
  try {
    value = args.real(name);
  } catch (const std::out_of_range& error) {
    throw judge::InvalidCase(error.what());
  }
  if (!std::isfinite(value)) {
    throw judge::InvalidCase("parameter '" + name + "' = " + std::to_string(value) +
                             ": must be a finite number");
  }
  return value;
}

void require(bool ok, const std::string& message) {
  if (!ok) throw judge::InvalidCase(message);
}

void require_divides(const std::string& divisor_name, int64_t divisor,
                     const std::string& dividend_name, int64_t dividend) {
  require(divisor > 0 && dividend % divisor == 0,
          "parameter '" + divisor_name + "' = " + std::to_string(divisor) + " must divide '" +
              dividend_name + "' = " + std::to_string(dividend));
}

int64_t transposed_output_extent(int64_t in, int64_t kernel, int64_t stride, int64_t padding,
                                 int64_t output_padding, int64_t dilation) {
  return (in - 1) * stride - 2 * padding + dilation * (kernel - 1) + output_padding + 1;
}

void require_output_padding_below(const std::string& name, int64_t output_padding,
                                  int64_t stride, int64_t dilation) {
  const int64_t bound = std::max(stride, dilation);
  require(output_padding < bound,
          "parameter '" + name + "' = " + std::to_string(output_padding) +
              ": must be smaller than max(stride, dilation) = " + std::to_string(bound));
}

}  // namespace problems
