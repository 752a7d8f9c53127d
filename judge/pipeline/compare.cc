#include "judge/pipeline/compare.h"

#include <cmath>
#include <cstring>
#include <sstream>

namespace judge {

namespace {
std::vector<int64_t> unravel(int64_t index, const Shape& shape) {
  std::vector<int64_t> coordinates(shape.size());
  for (std::size_t axis = shape.size(); axis-- > 0;) {
    coordinates[axis] = index % shape[axis];
    index /= shape[axis];
  }
  return coordinates;
}
}  // namespace

namespace {

// The comparison over the elements of `shape`; value(i) gives (actual,
// expected) of element i as doubles, equal(i) decides integer elements.
template <typename Values, typename Equal>
Comparison compare_elements(const Shape& shape, bool exact, const Tolerance& tolerance, std::size_t keep,
                            Values value, Equal equal) {
  Comparison result;
  result.exact = exact;
  result.elements = element_count(shape);
  double abs_error_sum = 0;
  int64_t finite_pairs = 0;
  for (int64_t i = 0; i < result.elements; ++i) {
    const auto [a, e] = value(i);
    bool right;
    if (!std::isfinite(a) || !std::isfinite(e)) {
      // The reference is finite by construction; a non-finite output never
      // matches (NaN compares unequal to everything anyway).
      right = false;
      if (std::isfinite(e)) ++result.non_finite;
    } else {
      const double error = std::fabs(a - e);
      right = exact ? equal(i) : error <= tolerance.atol + tolerance.rtol * std::fabs(e);
      abs_error_sum += error;
      ++finite_pairs;
      if (error > result.max_abs_error) result.max_abs_error = error;
    }
    if (!right) {
      ++result.wrong;
      if (result.first_wrong.size() < keep) result.first_wrong.push_back({unravel(i, shape), a, e});
    }
  }
  result.mean_abs_error = finite_pairs ? abs_error_sum / static_cast<double>(finite_pairs) : 0.0;
  return result;
}

}  // namespace

Comparison compare_outputs(const char* actual, const TensorBuffer& expected, const Shape& shape,
                           const Tolerance& tolerance, std::size_t keep) {
  const ScalarType type = expected.type();
  auto value = [&](int64_t i) { return std::pair{device_element(type, actual, i), expected.at(i)}; };
  // Integers compare by their bytes, so 64-bit values beyond 2^53 are exact
  // too (the doubles only describe them); a bool by truth, whatever byte
  // stands for true.
  const std::vector<char> wanted = is_integer(type) ? expected.device_bytes() : std::vector<char>{};
  const std::size_t size = element_size(type);
  auto equal = [&](int64_t i) {
    if (type == ScalarType::kBool) return (actual[i] != 0) == (wanted[static_cast<std::size_t>(i)] != 0);
    return std::memcmp(actual + i * size, wanted.data() + i * size, size) == 0;
  };
  return compare_elements(shape, is_integer(type), tolerance, keep, value, equal);
}

Comparison compare_outputs(const float* actual, const float* expected, const Shape& shape,
                           const Tolerance& tolerance, std::size_t keep) {
  auto value = [&](int64_t i) { return std::pair{double{actual[i]}, double{expected[i]}}; };
  return compare_elements(shape, false, tolerance, keep, value, [](int64_t) { return false; });
}

std::string format_coordinates(const std::vector<int64_t>& coordinates) {
  std::ostringstream out;
  out << "(";
  for (std::size_t i = 0; i < coordinates.size(); ++i) out << (i ? ", " : "") << coordinates[i];
  out << ")";
  return out.str();
}

std::string describe(const Comparison& comparison, const std::string& tensor_name) {
  std::ostringstream out;
  out.precision(9);
  out << tensor_name << ": " << comparison.wrong << " of " << comparison.elements << " elements wrong";
  if (comparison.exact) out << " (integers: compared exactly)";
  if (comparison.non_finite) out << " (" << comparison.non_finite << " NaN/Inf)";
  out << "; max abs error " << comparison.max_abs_error << ", mean abs error " << comparison.mean_abs_error;
  for (const WrongElement& element : comparison.first_wrong) {
    out << "\n    " << tensor_name << format_coordinates(element.coordinates) << ": got " << element.actual
        << ", expected " << element.expected;
  }
  return out.str();
}

int64_t first_difference(const void* a, const void* b, std::size_t bytes) {
  if (std::memcmp(a, b, bytes) == 0) return -1;
  const auto* x = static_cast<const unsigned char*>(a);
  const auto* y = static_cast<const unsigned char*>(b);
  for (std::size_t i = 0; i < bytes; ++i) {
    if (x[i] != y[i]) return static_cast<int64_t>(i);
  }
  return -1;
}

int64_t first_byte_not(const void* data, std::size_t bytes, unsigned char expected) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < bytes; ++i) {
    if (p[i] != expected) return static_cast<int64_t>(i);
  }
  return -1;
}

}  // namespace judge
