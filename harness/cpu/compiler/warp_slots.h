// Lowers the warp collectives of kernels to per-thread slots around an added
// barrier, so that barrier splitting can run kernels that use them as loops
// over threads (include/cucpu/split_warp.h has the runtime side). A
// statement holding one collective call
//     v += __shfl_down_sync(0xffffffff, v, offset);
// becomes, on the same line,
//     ::cucpu::detail::split_warp<0>::store(cucpu_t, (v)); __cucpu_warp_barrier();
//     v += ::cucpu::detail::split_warp<0>::shfl<...>(cucpu_t, cucpu_whole_warps, shfl_down, (0xffffffff), int(offset), 32);
// and `__syncwarp();` becomes `__cucpu_warp_barrier();`. The operand is
// evaluated before the barrier, the rest of the statement after it. A
// statement that is the unbraced body of a `for`, `if` or `else` gets braces.
// Barrier splitting treats `__cucpu_warp_barrier();` as a barrier that may
// also sit in a guard (`if (warp == 0) { ... }`, barrier_regions.h).
//
// Lowered: __shfl_sync, __shfl_up/down/xor_sync (any width), __ballot_sync,
// __any_sync, __all_sync, __reduce_{add,min,max,and,or,xor}_sync,
// __match_any_sync, __syncwarp. Left alone (the kernel stays on fibers):
// a statement with two collectives, a collective in a loop's header or an
// `if` condition, __activemask, __match_all_sync, cooperative groups' tiles.
// The caller keeps the lowering only for kernels that then split, where
// every thread statement runs in a thread loop whose counter, `cucpu_t`,
// is the thread's index in its block, and `cucpu_whole_warps` says whether
// the block's size is a multiple of 32 (thread_loops.h).
#pragma once

#include <set>
#include <string>
#include <string_view>

namespace cucpu::compiler {

struct LoweredSource {
  std::string text;
  std::set<std::string> kernels;  // kernels with a collective lowered
};

// `only_kernels`: lower in these kernels only; all when empty.
LoweredSource lower_warp_collectives(std::string_view preprocessed, const std::set<std::string>& only_kernels = {});

}  // namespace cucpu::compiler
