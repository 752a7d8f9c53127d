// Arithmetic modulo the Mersenne prime 2^31 - 1, for the finite-field
// problems (vector-multiply-ff, poly-multiply-ff): exact, in 64 bits.
#pragma once

#include <cstdint>

namespace problems {

inline constexpr uint64_t kMersenne31 = (uint64_t{1} << 31) - 1;  // 2147483647

// (a * b) mod 2^31 - 1 for a, b below 2^32: the product fits in 64 bits.
inline uint32_t mul_mod_mersenne31(uint32_t a, uint32_t b) {
  return static_cast<uint32_t>(uint64_t{a} * uint64_t{b} % kMersenne31);
}

}  // namespace problems
