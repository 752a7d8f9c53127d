// Counter-based random numbers for test inputs: Philox4x32-10 (Salmon et al.,
// "Parallel random numbers: as easy as 1, 2, 3", SC'11; Random123), usable
// from host C++ and from CUDA device code, so any element of any tensor can be
// generated on its own, on any thread or device, with the same bits.
//
// How an input element is made (the contract; keep it in sync with
// inputs.cc and with any other implementation, e.g. a GPU fill):
//   key64   = splitmix64(fnv1a64(slug "\0" case "\0" tensor) ^ seed)
//   key     = {low 32 bits of key64, high 32 bits of key64}
//   counter = {low 32 bits of index, high 32 bits of index, 0, 0}
//   bits    = word 0 of philox4x32_10(counter, key)
//   u       = (bits >> 8) * 2^-24        exactly, in [0, 1), 24 significant bits
//   value   = (float)(lo + (hi - lo) * u)  in double
//   if value >= hi: value = the largest float below hi
// Integer tensors take lo + floor((hi - lo) * u) instead (integer bounds);
// float16 and bfloat16 tensors take the float32 value rounded to nearest.
// lo and hi are float32 values with uniform_range_is_exact(lo, hi) (the
// cases loader enforces it): then hi - lo and the product are exact in
// double, so the only rounding is of the sum and of the cast. A compiler
// that contracts the expression into an FMA gets the same bits, so the
// value is identical on every host and device, whatever the flags.
#pragma once

#include <cmath>
#include <cstdint>

#if defined(__CUDACC__)
#define JUDGE_HOST_DEVICE __host__ __device__
#else
#define JUDGE_HOST_DEVICE
#endif

namespace judge {

struct Philox4x32 {
  uint32_t v[4];
};
struct PhiloxKey {
  uint32_t v[2];
};

namespace philox_detail {
constexpr uint32_t kMultiplier0 = 0xD2511F53u;
constexpr uint32_t kMultiplier1 = 0xCD9E8D57u;
constexpr uint32_t kWeyl0 = 0x9E3779B9u;  // golden ratio
constexpr uint32_t kWeyl1 = 0xBB67AE85u;  // sqrt(3) - 1

JUDGE_HOST_DEVICE inline Philox4x32 round(Philox4x32 counter, PhiloxKey key) {
  const uint64_t product0 = static_cast<uint64_t>(kMultiplier0) * counter.v[0];
  const uint64_t product1 = static_cast<uint64_t>(kMultiplier1) * counter.v[2];
  const uint32_t hi0 = static_cast<uint32_t>(product0 >> 32), lo0 = static_cast<uint32_t>(product0);
  const uint32_t hi1 = static_cast<uint32_t>(product1 >> 32), lo1 = static_cast<uint32_t>(product1);
  return Philox4x32{{hi1 ^ counter.v[1] ^ key.v[0], lo1, hi0 ^ counter.v[3] ^ key.v[1], lo0}};
}
}  // namespace philox_detail

// Philox4x32 with 10 rounds, as Random123's philox4x32(ctr, key).
JUDGE_HOST_DEVICE inline Philox4x32 philox4x32_10(Philox4x32 counter, PhiloxKey key) {
  counter = philox_detail::round(counter, key);
  for (int i = 1; i < 10; ++i) {
    key.v[0] += philox_detail::kWeyl0;
    key.v[1] += philox_detail::kWeyl1;
    counter = philox_detail::round(counter, key);
  }
  return counter;
}

JUDGE_HOST_DEVICE inline PhiloxKey philox_key(uint64_t key64) {
  return PhiloxKey{{static_cast<uint32_t>(key64), static_cast<uint32_t>(key64 >> 32)}};
}

// 24 random bits as an exact float in [0, 1).
JUDGE_HOST_DEVICE inline float unit_float(uint32_t bits) {
  return static_cast<float>(bits >> 8) * (1.0f / 16777216.0f);
}

// True when [lo, hi) is a non-empty finite range whose width hi - lo is
// exact in double with at most 29 significant bits, so its product with a
// 24-bit u is exact too. Every sensible range passes ([0, 1), [-1, 1),
// [100, 200), [0.1, 0.3), [-30000, 2)); [1e-10, 1e10) does not.
JUDGE_HOST_DEVICE inline bool uniform_range_is_exact(float lo, float hi) {
  const bool finite = lo - lo == 0.0f && hi - hi == 0.0f;  // false for Inf and NaN
  if (!(lo < hi) || !finite) return false;
  // Both bounds are integer multiples of the smaller one's last place, so
  // the exact width is too: count it in those units.
  int unit_exponent = 1 << 20;
  for (float bound : {lo, hi}) {
    if (bound == 0.0f) continue;
    int exponent = 0;
    frexpf(bound, &exponent);  // bound = m * 2^exponent, 0.5 <= |m| < 1
    unit_exponent = exponent - 24 < unit_exponent ? exponent - 24 : unit_exponent;
  }
  const double units = ldexp(static_cast<double>(hi) - static_cast<double>(lo), -unit_exponent);
  if (!(units < 9007199254740992.0)) return false;  // 2^53: the subtraction may have rounded
  uint64_t significant = static_cast<uint64_t>(units);
  while (significant % 2 == 0) significant /= 2;
  return significant < (uint64_t{1} << 29);
}

// [lo, hi) must satisfy uniform_range_is_exact.
JUDGE_HOST_DEVICE inline float uniform_element(uint64_t key64, uint64_t index, float lo, float hi) {
  const Philox4x32 counter{{static_cast<uint32_t>(index), static_cast<uint32_t>(index >> 32), 0u, 0u}};
  const double u = unit_float(philox4x32_10(counter, philox_key(key64)).v[0]);
  const double width = static_cast<double>(hi) - static_cast<double>(lo);
  const float value = static_cast<float>(static_cast<double>(lo) + width * u);
  return value < hi ? value : nextafterf(hi, lo);
}

// Integer tensors: lo + floor((hi - lo) * u) with the same u, for integer
// bounds with 0 < hi - lo <= 2^29 (the cases loader enforces it), so the
// product is exact in double and the result lies in [lo, hi).
JUDGE_HOST_DEVICE inline int64_t uniform_integer_element(uint64_t key64, uint64_t index, int64_t lo, int64_t hi) {
  const Philox4x32 counter{{static_cast<uint32_t>(index), static_cast<uint32_t>(index >> 32), 0u, 0u}};
  const double u = unit_float(philox4x32_10(counter, philox_key(key64)).v[0]);
  return lo + static_cast<int64_t>(static_cast<double>(hi - lo) * u);
}

}  // namespace judge
