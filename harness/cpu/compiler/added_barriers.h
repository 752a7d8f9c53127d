// Can a thread tell the barriers that splitting adds from the source's own?
// A split kernel synchronises wherever two regions meet, including where
// the source has no barrier: between the code before a barrier loop and the
// loop's first region, between a loop's last region and its first region of
// the next iteration, around a uniform statement. That only removes
// interleavings a GPU may choose, so valid kernels keep their meaning, but
// it can hide a missing __syncthreads from the judge's shuffled pass, whose
// purpose is to expose one (the classic: no barrier at the end of a tiled
// loop, so a fast thread overwrites the tile a slow one still reads).
//
// An added barrier cannot be observed when, on one side of it, every region
// that ran since the last real barrier touches only its own thread's
// locals: no memory access, no call but pure arithmetic functions, nothing
// shared or global that the kernel writes. Reordering such code against
// other threads' code changes nothing. The tiled matmul qualifies: its code
// before the loop computes `row`, `col` and `sum = 0`, and its loop ends at
// a barrier. The check is conservative: what it cannot show to be private
// counts as shared, and such a kernel stays on fibers for that pass.
// A lowered warp collective (warp_slots.h) adds a barrier too: the source
// orders only its warp there. Its slot store and read count as the
// thread's own (the exchange is the collective's, ordered as on a GPU), so
// a warp reduction between plain loads and a guarded store qualifies; a
// shared-memory write and read on either side of a shuffle do not.
// A strided loop run in rounds (barrier_regions.h, StridedLoop) adds a
// barrier between rounds too: its accesses must not conflict with
// themselves (a loop of loads through read-only pointers into the thread's
// own sums qualifies), or each thread must touch only its own elements: a
// loop `for (k = threadIdx.x + u; k < n; k += stride)` whose accesses
// besides read-only loads are all `P[k]` for one block-uniform P
// (layer-norm's `out[k] = (in[k] - mean) * ...`) runs in rounds only where
// the launch is 1-D and the stride at least the block's width, so that no
// element is two threads'; elsewhere its threads run it whole.
#pragma once

#include <string>
#include <vector>

#include "barrier_regions.h"
#include "token_cursor.h"

namespace cucpu::compiler {

// "" when no barrier that `plan` adds to the kernel body [body_begin,
// body_end) can be observed; otherwise where one could be, for cucc -v.
// Where the rounds of a strided loop are what could be observed,
// `strided_for` (if given) receives the loop's `for` token. When none can
// be, `own_element_rounds` (if given) receives the strided loops
// (RegionPlan::strided_loops indexes) whose rounds need each thread to
// touch its own elements (StridedLoop::rounds_need_own_elements).
std::string observable_added_barrier(const TokenCursor& c, size_t body_begin, size_t body_end,
                                     const std::vector<std::string>& parameters, const RegionPlan& plan,
                                     size_t* strided_for = nullptr, std::vector<int>* own_element_rounds = nullptr);

// Does the code [b, e) of that kernel body touch only the running thread's
// own locals? (Exposed for tests.)
bool touches_only_thread_locals(const TokenCursor& c, size_t body_begin, size_t body_end,
                                const std::vector<std::string>& parameters, size_t b, size_t e);

}  // namespace cucpu::compiler
