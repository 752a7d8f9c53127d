#include "problems/common/mx_problems.h"

#include "problems/common/microscaling.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {

void validate_blocked_matrix(const judge::ScalarArgs& args, const std::string& rows, const std::string& cols,
                             int64_t block) {
  size_at_least(args, rows, 1);
  const int64_t extent = size_at_least(args, cols, block);
  require(extent % block == 0, cols + " = " + std::to_string(extent) + " must be a multiple of the scale block, " +
                                   std::to_string(block) + " (each row splits into whole blocks)");
}

void validate_global_scale(const judge::ScalarArgs& args, const std::string& name) {
  const double value = finite_real(args, name);
  require(value > 0, name + " = " + std::to_string(value) + " must be positive (it scales the whole tensor)");
}

judge::Shape swizzled_scale_shape(int64_t rows, int64_t cols) { return {(rows + 127) / 128 * 128, (cols + 3) / 4 * 4}; }

std::vector<float> decode_block_scaled(const uint8_t* codes, const uint8_t* scales, int64_t rows, int64_t k,
                                       ElementCodes elements, ScaleCodes scale_codes, int64_t block) {
  namespace mx = microscaling;
  std::vector<float> values(static_cast<std::size_t>(rows * k));
  const int64_t scale_cols = k / block;
  parallel_for(rows, [&](int64_t row) {
    for (int64_t col = 0; col < k; ++col) {
      const uint8_t scale_code = scales[mx::swizzled_scale_offset(row, col / block, scale_cols)];
      const double scale = scale_codes == ScaleCodes::kE8m0 ? mx::e8m0_value(scale_code) : mx::e4m3_value(scale_code);
      const double element = elements == ElementCodes::kE4m3
                                 ? mx::e4m3_value(codes[row * k + col])
                                 : mx::e2m1_value(mx::fp4_nibble(codes[(row * k + col) / 2], col));
      values[static_cast<std::size_t>(row * k + col)] = static_cast<float>(element * scale);
    }
  });
  return values;
}

}  // namespace problems
