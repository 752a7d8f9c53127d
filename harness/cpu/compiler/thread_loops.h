// The last step of barrier splitting: writes the planned regions out as
// loops over the block's threads. Each region becomes
// `::cucpu::detail::for_each_thread<Counter>([&](std::size_t cucpu_t) { ... });`
// around its own statements (so they keep their lines), the barriers
// between them are removed, and the body is bracketed by split_block_begin /
// split_block_end (include/cucpu/split_kernel.h).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "barrier_regions.h"
#include "bounds_prechecks.h"
#include "source_edits.h"
#include "thread_storage.h"
#include "token_cursor.h"

namespace cucpu::compiler {

// The type of the loops' thread counter: the signedness of the local that
// keeps threadIdx.x (`int tid = threadIdx.x;`), else of the first local
// computed from it (`int col = blockIdx.x * blockDim.x + threadIdx.x;`),
// else `unsigned`. Only speed depends on it: g++ splits a loop at
// `tid >= offset` and vectorises the halves only when the comparison has
// the counter's signedness, and sees a signed index as consecutive only
// over a signed counter.
std::string thread_counter_type(const TokenCursor& c, const std::vector<RegionLocal>& locals);

// The edits that turn the kernel body between braces `open` and `close`
// into its thread loops. `final_text(i)`: what token i reads as after
// rewriting (for expressions copied out of a strided loop's header).
// `prechecks`: the regions' bounds prechecks (bounds_prechecks.h), each a
// thread loop before its region and a block constant of the region.
std::vector<Edit> emit_thread_loops(const TokenCursor& c, size_t open, size_t close, const RegionPlan& plan,
                                    const ThreadStorage& storage, const std::vector<BoundsPrecheck>& prechecks,
                                    const std::function<std::string(size_t)>& final_text);

}  // namespace cucpu::compiler
