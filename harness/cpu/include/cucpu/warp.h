// Warp collectives (shuffles, votes, __syncwarp). Each is a rendezvous of the
// lanes named in the mask: a lane deposits its value in its own slot and
// suspends until the last named lane arrives; that lane computes every lane's
// result, and each lane reads its own (runtime/warp.cc). A mask naming a lane
// that never arrives is reported as an error, never a hang.
#pragma once

#include <cstring>
#include <type_traits>

#include "cucpu/detail/thread_context.h"
#include "cucpu/detail/warp_collective.h"

namespace cucpu::detail {

template <class T>
inline T warp_shuffle(WarpOp op, unsigned mask, const T& value, int argument, int width) {
  static_assert(kShuffleOperand<T>, "__shfl_*_sync: operand must be a trivially copyable type of at most 16 bytes");
  unsigned char out[kMaxShuffleBytes];
  warp_collective(op, mask, static_cast<const void*>(&value), sizeof(T), argument, width, out);
  T result;
  std::memcpy(static_cast<void*>(&result), out, sizeof(T));
  return result;
}

// A collective whose result is a 32-bit word (a vote, a reduction, a
// match), on an operand of type T.
template <class T>
inline unsigned warp_word_of(WarpOp op, unsigned mask, T value) {
  unsigned out[kMaxShuffleBytes / sizeof(unsigned)];
  warp_collective(op, mask, &value, sizeof(T), 0, 32, out);
  return out[0];
}

// The same on an unsigned word (a predicate converts to 0 or 1).
inline unsigned warp_word(WarpOp op, unsigned mask, unsigned value) { return warp_word_of(op, mask, value); }

}  // namespace cucpu::detail

template <class T>
inline T __shfl_sync(unsigned mask, T var, int src_lane, int width = 32) {
  return ::cucpu::detail::warp_shuffle(::cucpu::detail::WarpOp::shfl_idx, mask, var, src_lane, width);
}
template <class T>
inline T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = 32) {
  return ::cucpu::detail::warp_shuffle(::cucpu::detail::WarpOp::shfl_up, mask, var, int(delta), width);
}
template <class T>
inline T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = 32) {
  return ::cucpu::detail::warp_shuffle(::cucpu::detail::WarpOp::shfl_down, mask, var, int(delta), width);
}
template <class T>
inline T __shfl_xor_sync(unsigned mask, T var, int lane_mask, int width = 32) {
  return ::cucpu::detail::warp_shuffle(::cucpu::detail::WarpOp::shfl_xor, mask, var, lane_mask, width);
}

inline unsigned __ballot_sync(unsigned mask, int predicate) {
  return ::cucpu::detail::warp_word(::cucpu::detail::WarpOp::ballot, mask, predicate != 0);
}
inline int __any_sync(unsigned mask, int predicate) {
  return int(::cucpu::detail::warp_word(::cucpu::detail::WarpOp::any, mask, predicate != 0));
}
inline int __all_sync(unsigned mask, int predicate) {
  return int(::cucpu::detail::warp_word(::cucpu::detail::WarpOp::all, mask, predicate != 0));
}
// __match_any_sync / __match_all_sync for the types CUDA lists, compared on
// all their bits (1.0f and 1.25f differ; so do 0 and 1LL << 32).
#define CUCPU_WARP_MATCH(T)                                                                        \
  inline unsigned __match_any_sync(unsigned mask, T value) {                                      \
    return ::cucpu::detail::warp_word_of(::cucpu::detail::WarpOp::match_any, mask, value);          \
  }                                                                                               \
  inline unsigned __match_all_sync(unsigned mask, T value, int* pred) {                           \
    const unsigned same = ::cucpu::detail::warp_word_of(::cucpu::detail::WarpOp::match_all, mask, value); \
    *pred = same != 0;                                                                            \
    return same;                                                                                  \
  }
CUCPU_WARP_MATCH(int)
CUCPU_WARP_MATCH(unsigned)
CUCPU_WARP_MATCH(long)
CUCPU_WARP_MATCH(unsigned long)
CUCPU_WARP_MATCH(long long)
CUCPU_WARP_MATCH(unsigned long long)
CUCPU_WARP_MATCH(float)
CUCPU_WARP_MATCH(double)
#undef CUCPU_WARP_MATCH
inline void __syncwarp(unsigned mask = 0xffffffffu) {
  ::cucpu::detail::warp_word(::cucpu::detail::WarpOp::sync, mask, 0);
}
inline unsigned __activemask() { return ::cucpu::detail::active_lanes(); }

#define CUCPU_WARP_REDUCE(name, op)                                                               \
  inline unsigned name(unsigned mask, unsigned value) {                                           \
    return ::cucpu::detail::warp_word(::cucpu::detail::WarpOp::op, mask, value);                  \
  }
CUCPU_WARP_REDUCE(__reduce_add_sync, reduce_add)
CUCPU_WARP_REDUCE(__reduce_and_sync, reduce_and)
CUCPU_WARP_REDUCE(__reduce_or_sync, reduce_or)
CUCPU_WARP_REDUCE(__reduce_xor_sync, reduce_xor)
#undef CUCPU_WARP_REDUCE
inline unsigned __reduce_min_sync(unsigned mask, unsigned value) {
  return ::cucpu::detail::warp_word(::cucpu::detail::WarpOp::reduce_min, mask, value);
}
inline unsigned __reduce_max_sync(unsigned mask, unsigned value) {
  return ::cucpu::detail::warp_word(::cucpu::detail::WarpOp::reduce_max, mask, value);
}
// The signed overloads: flipping the sign bit maps int order onto unsigned
// order, so the unsigned reduction computes the signed min / max.
inline int __reduce_add_sync(unsigned mask, int value) {
  return int(::cucpu::detail::warp_word(::cucpu::detail::WarpOp::reduce_add, mask, unsigned(value)));
}
inline int __reduce_min_sync(unsigned mask, int value) {
  return int(::cucpu::detail::warp_word(::cucpu::detail::WarpOp::reduce_min, mask, unsigned(value) ^ 0x80000000u) ^
             0x80000000u);
}
inline int __reduce_max_sync(unsigned mask, int value) {
  return int(::cucpu::detail::warp_word(::cucpu::detail::WarpOp::reduce_max, mask, unsigned(value) ^ 0x80000000u) ^
             0x80000000u);
}

// Lane id and the lane masks of the PTX special registers, for code that
// computes them with intrinsics rather than threadIdx.
inline unsigned __lane_id() { return ::cucpu::detail::tls_context.linear & 31u; }
