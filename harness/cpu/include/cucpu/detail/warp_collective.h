// The interface between the warp intrinsics (warp.h) and the runtime that
// performs the rendezvous (runtime/warp.cc).
#pragma once

namespace cucpu::detail {

enum class WarpOp : int { sync, shfl_idx, shfl_up, shfl_down, shfl_xor, ballot, any, all, reduce_add,
                          reduce_min, reduce_max, reduce_and, reduce_or, reduce_xor, match_any };

constexpr unsigned kMaxShuffleBytes = 16;

// One lane's part in a collective: `value` (shuffles) or `predicate` in,
// `result` out (a shuffled value, or a 32-bit vote / reduction in its first
// word).
void warp_collective(WarpOp op, unsigned mask, const void* value, unsigned value_bytes,
                     int argument, int width, void* result);

// Lanes of the caller's warp that exist and have not returned.
unsigned active_lanes();

}  // namespace cucpu::detail
