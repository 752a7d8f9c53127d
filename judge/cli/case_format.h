// Text descriptions of a case, shared by `show` (for every case) and
// `starter` (in the starter's comment).
#pragma once

#include <string>

#include "judge/problem/problem.h"

namespace judge {

// "batch_size=1, in_channels=3, scale=2.5" in signature order.
std::string format_params(const Problem& problem, const TestCase& test_case);

// Shape as "(2, 3, 8)".
std::string format_shape(const Shape& shape);

// Multi-line: name, parameters, one line per tensor with its shape (and
// input range), FLOPs. Every line starts with `indent`.
std::string describe_case(const Problem& problem, const TestCase& test_case, const std::string& indent);

}  // namespace judge
