// What the microscaling problems (mxfp8/mxfp4/nvfp4 dequantize, quantize and
// gemm) share beyond the codecs in microscaling.h: their validate() rule.
#pragma once

#include <cstdint>
#include <string>

#include "judge/problem/definition.h"
#include "judge/problem/tensor.h"

namespace problems {

// `rows` >= 1 and `cols` a positive multiple of `block` (the scale block
// length along a row).
void validate_blocked_matrix(const judge::ScalarArgs& args, const std::string& rows, const std::string& cols,
                             int64_t block);

// An NVFP4 global encode scale: finite and positive.
void validate_global_scale(const judge::ScalarArgs& args, const std::string& name);

// The shape of a `rows` x `cols` scale matrix in the 128x4 tiled layout
// (microscaling.h): (rows rounded up to 128, cols rounded up to 4).
judge::Shape swizzled_scale_shape(int64_t rows, int64_t cols);

}  // namespace problems
