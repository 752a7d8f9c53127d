// Test inputs from the counter-based generator in philox.h: which stream a
// tensor of a case uses, and a multi-threaded fill for big tensors.
#pragma once

#include <cstdint>
#include <string>

namespace judge {

// The seed used when none is given (judge dump, judging runs).
inline constexpr uint64_t kDefaultInputSeed = 0;

// 64-bit FNV-1a of `text`.
uint64_t fnv1a64(const std::string& text);
uint64_t splitmix64(uint64_t x);

// The Philox key of one tensor of one case (philox.h describes the formula).
uint64_t input_stream_key(const std::string& problem_slug, const std::string& case_name,
                          const std::string& tensor_name, uint64_t seed);

// out[i] = uniform_element(key64, first_index + i, lo, hi) for i < count.
// Splits the work over `threads` threads (0: the hardware's count); the
// result does not depend on the split.
void fill_uniform(float* out, int64_t count, uint64_t key64, float lo, float hi, unsigned threads = 0,
                  uint64_t first_index = 0);

}  // namespace judge
