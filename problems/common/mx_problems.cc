#include "problems/common/mx_problems.h"

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

}  // namespace problems
