// Elementwise comparison of a solution's output with the reference, and the
// integrity checks on the buffers around it: the judge's whole notion of
// "right". A floating element (float32, float16, bfloat16, float64) is right
// when |actual - expected| <= atol + rtol * |expected|, with the tolerance of
// the problem's dtype; NaN or Inf where the reference is finite is always
// wrong. An integer or bool element is right only when equal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "judge/problem/definition.h"

namespace judge {

struct WrongElement {
  std::vector<int64_t> coordinates;  // (n, c, h, w, ...) of the element
  double actual = 0;
  double expected = 0;
};

struct Comparison {
  bool exact = false;           // integer elements: equality, no tolerance
  int64_t elements = 0;
  int64_t wrong = 0;
  int64_t non_finite = 0;       // NaN/Inf where the reference is finite
  double max_abs_error = 0;     // over finite pairs
  double mean_abs_error = 0;
  std::vector<WrongElement> first_wrong;  // at most `keep` of them
  bool ok() const { return wrong == 0; }
};

// `actual` holds the device's bytes of an output of `expected.type()`.
Comparison compare_outputs(const char* actual, const TensorBuffer& expected, const Shape& shape,
                           const Tolerance& tolerance, std::size_t keep = 5);
// float32 arrays.
Comparison compare_outputs(const float* actual, const float* expected, const Shape& shape,
                           const Tolerance& tolerance, std::size_t keep = 5);

// "(0, 3, 1, 7)"
std::string format_coordinates(const std::vector<int64_t>& coordinates);

// One line per wrong element, for reports.
std::string describe(const Comparison& comparison, const std::string& tensor_name);

// Index of the first byte that differs, or -1 when equal.
int64_t first_difference(const void* a, const void* b, std::size_t bytes);

// Index of the first byte in [data, data + bytes) that is not `expected`, or -1.
int64_t first_byte_not(const void* data, std::size_t bytes, unsigned char expected);

}  // namespace judge
