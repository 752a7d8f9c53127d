// Microscaling formats: the element codes (FP4 E2M1, FP8 E4M3), the E8M0
// block scale, and the two block recipes the quantization problems use.
//
// - OCP MX (MXFP8, MXFP4): blocks of 32 elements along a row share one
//   E8M0 scale 2^(s - 127). The scale is chosen as torchao's `to_mx` does
//   by default (ScaleCalculationMode.FLOOR): the exponent of the block's
//   largest magnitude minus the element format's largest exponent (8 for
//   E4M3, whose maximum is 448 = 1.75 * 2^8; 2 for E2M1, 6 = 1.5 * 2^2).
// - NVFP4: blocks of 16 elements share an E4M3 scale, on top of one float32
//   global scale for the whole tensor (FlashInfer's `nvfp4_quantize`).
//
// Every rounding is to nearest, ties to even; casts saturate at the largest
// finite magnitude and keep the sign (a negative value that rounds to zero
// gives negative zero). FP4 codes are packed two to a byte, the element with
// the even index in the low nibble (torch.float4_e2m1fn_x2's order).
#pragma once

#include <cstdint>
#include <span>

namespace problems::microscaling {

inline constexpr int64_t kMxBlock = 32;
inline constexpr int64_t kNvfp4Block = 16;
inline constexpr int kE4m3MaxPow2 = 8;  // 448 = 1.75 * 2^8
inline constexpr int kE2m1MaxPow2 = 2;  // 6 = 1.5 * 2^2

// Decoding (exact in double). The E2M1 code is the low 4 bits of `code`.
double e2m1_value(uint8_t code);
double e4m3_value(uint8_t code);  // NaN for 0x7F and 0xFF; no infinities
double e8m0_value(uint8_t code);  // 2^(code - 127); NaN for 0xFF
bool e4m3_is_nan(uint8_t code);

// Encoding a float32 value (round to nearest even, saturating, sign kept).
uint8_t e2m1_code(float x);  // 4-bit code in the low bits
uint8_t e4m3_code(float x);  // NaN -> 0x7F with the sign

// The element and scale code formats, for what follows.
enum class CodeFormat { kE2m1, kE4m3 };

// The magnitudes of the non-negative codes in code order, which is also
// ascending order: E2M1 codes 0-7, E4M3 codes 0x00-0x7E (0x7F is NaN). The
// sign bit (E2M1 bit 3, E4M3 bit 7) sits just above them.
std::span<const double> code_magnitudes(CodeFormat format);

// Whether `code` (E2M1 in the low 4 bits, or E4M3) is what rounding the
// real value t * (1 + d) to nearest gives for some |d| <= slack: a tie may
// go either way, magnitudes beyond the largest finite value saturate to it,
// and the sign is t's, except that a zero may carry either sign. A NaN code
// never is. With slack 0 it holds for the neighbour nearest t, and for both
// neighbours when t lies half way between them.
bool rounds_to_nearest(uint8_t code, CodeFormat format, double t, double slack);

// FP4 element `index` (0 or 1) of a packed byte, and a byte from two codes.
inline uint8_t fp4_nibble(uint8_t byte, int64_t index) { return index % 2 ? byte >> 4 : byte & 0x0F; }
inline uint8_t fp4_pack(uint8_t even, uint8_t odd) { return static_cast<uint8_t>((even & 0x0F) | (odd << 4)); }

// MX block scale code for a block whose largest magnitude is `max_abs`
// (finite, >= 0): clamp(exponent(max_abs) - element_max_pow2, -127, 127) +
// 127, where exponent() is the unbiased float32 exponent field (-127 for
// zero and subnormals).
uint8_t mx_scale_code(float max_abs, int element_max_pow2);
// The factor the block's elements are multiplied by before the cast:
// 2^(127 - code), a float32 (2^127 for code 0, 2^-127 for code 254).
float mx_inverse_scale(uint8_t code);

// NVFP4 block scale, in float32 arithmetic step by step:
//   code   = e4m3_code(global_encode * (amax / 6))
//   encode = 1 / (e4m3_value(code) * (1 / global_encode)), or 0 when the
//            decoded scale is 0;
// the block's elements are then e2m1_code(x * encode).
struct Nvfp4BlockScale {
  uint8_t code;
  float encode;
};
Nvfp4BlockScale nvfp4_block_scale(float amax, float global_encode);
// What a dequantization multiplies by: float32(1 / global_encode), the
// division in double rounded once (upstream's torch.tensor([1.0 / sf_g])).
float nvfp4_global_decode(float global_encode);

// The 128x4 tiled ("swizzled", cuBLAS block-scaling) layout of a scale
// matrix of `rows` x `cols`: rows padded to a multiple of 128 and columns to
// a multiple of 4; tiles of 128 x 4 in row-major tile order, each stored
// as [32][4][4]: scale (r, c) of a tile at (r % 32) * 16 + (r / 32) * 4 + c.
int64_t swizzled_scale_count(int64_t rows, int64_t cols);
int64_t swizzled_scale_offset(int64_t row, int64_t col, int64_t cols);

}  // namespace problems::microscaling
