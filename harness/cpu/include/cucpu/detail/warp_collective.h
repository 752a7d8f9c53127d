// The interface between the warp intrinsics (warp.h) and the runtime that
// performs the rendezvous (runtime/warp.cc).
#pragma once

#include <type_traits>

namespace cucpu::detail {

enum class WarpOp : int { sync, shfl_idx, shfl_up, shfl_down, shfl_xor, ballot, any, all, reduce_add,
                          reduce_min, reduce_max, reduce_and, reduce_or, reduce_xor, match_any,
                          match_all };

constexpr unsigned kMaxShuffleBytes = 16;

// What a shuffle copies as bytes: a trivially copyable type, or a
// standard-layout one with a trivial destructor, such as the toolkit's host
// __half and __half2, whose copy operations are user-written but copy
// only their bits.
template <class T>
inline constexpr bool kShuffleOperand =
    sizeof(T) <= kMaxShuffleBytes &&
    (std::is_trivially_copyable_v<T> || (std::is_standard_layout_v<T> && std::is_trivially_destructible_v<T>));

// One lane's part in a collective: `value` (shuffles) or `predicate` in,
// `result` out (a shuffled value, or a 32-bit vote / reduction in its first
// word).
void warp_collective(WarpOp op, unsigned mask, const void* value, unsigned value_bytes,
                     int argument, int width, void* result);

// Lanes of the caller's warp that exist and have not returned.
unsigned active_lanes();

// The lane whose value `lane` receives from a shuffle: itself when the
// source is outside its width segment or not in `group` (the participants).
// Shared by the fibers' rendezvous (runtime/warp.cc) and split kernels
// (split_warp.h), so both follow PTX's segment rules alike.
inline unsigned shuffle_source(WarpOp op, unsigned lane, int argument, int width, unsigned group) {
  if (width <= 0 || width > 32 || (width & (width - 1)) != 0) width = 32;
  const unsigned base = lane & ~unsigned(width - 1);
  const unsigned offset = lane - base;
  long source = lane;
  switch (op) {
    case WarpOp::shfl_idx: source = base + (unsigned(argument) & unsigned(width - 1)); break;
    case WarpOp::shfl_up: source = offset >= unsigned(argument) ? long(lane) - argument : lane; break;
    case WarpOp::shfl_down: source = offset + unsigned(argument) < unsigned(width) ? lane + argument : lane; break;
    case WarpOp::shfl_xor: {
      // PTX shfl.bfly: a source up to the end of the lane's own segment is
      // taken, so a lane may read from an earlier segment; one in a later
      // segment leaves the lane its own value.
      const unsigned other = lane ^ (unsigned(argument) & 31u);
      source = other <= base + unsigned(width) - 1 ? other : lane;
      break;
    }
    default: break;
  }
  if (source < 0 || source > 31 || !((group >> source) & 1u)) return lane;
  return unsigned(source);
}

}  // namespace cucpu::detail
