// What the microscaling problems (mxfp8/mxfp4/nvfp4 dequantize, quantize and
// gemm) share beyond the codecs in microscaling.h: their validate() rule.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

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

// How a block-scaled GEMM operand stores its elements and block scales.
enum class ElementCodes { kE4m3, kE2m1Packed };  // one byte each; two per byte, even column low
enum class ScaleCodes { kE8m0, kE4m3 };

// A (rows x k) operand of a block-scaled GEMM decoded to float32, row-major:
// element (r, c) times the scale of block (r, c / block), the scales in the
// 128x4 tiled layout (microscaling.h). Every product of an E4M3 or E2M1
// value and an E8M0 or E4M3 scale is exact in float32 while it stays in the
// normal range, which the test data ensure.
std::vector<float> decode_block_scaled(const uint8_t* codes, const uint8_t* scales, int64_t rows, int64_t k,
                                       ElementCodes elements, ScaleCodes scale_codes, int64_t block);

}  // namespace problems
