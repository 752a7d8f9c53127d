// Decoding the OCP microscaling (MX v1.0) formats, for mxfp8-dequantize and
// mxfp4-dequantize: FP8 E4M3, FP4 E2M1 and the E8M0 block scale, and the
// exact check of a decoded matrix.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace problems {

inline constexpr int64_t kMxBlock = 32;  // elements sharing one scale

// E4M3 ("fn": no infinities): NaN for 0x7F and 0xFF, at most 448 in magnitude.
double decode_e4m3(uint8_t byte);
// E2M1, the low 4 bits of `nibble`: 0, 0.5, 1, 1.5, 2, 3, 4, 6 and their negatives.
double decode_e2m1(uint8_t nibble);
// E8M0: 2^(byte - 127), NaN for 0xFF.
double decode_e8m0(uint8_t byte);

// The element-by-element check of a decode: `actual` must equal `expected`
// exactly (+0 and -0 alike), and be NaN exactly where `expected` is.
// `describe(i)` names the bytes behind element i for the message.
std::optional<std::string> check_exact_decode(const float* expected, const float* actual, int64_t count,
                                              int64_t columns, std::string (*describe)(int64_t i, const void*),
                                              const void* context);

}  // namespace problems
