// Which locals of a kernel may hold different values in different threads
// of a block: a data-flow analysis over the kernel body's tokens. A local is
// thread-varying when some assignment to it (its initialiser, `=`, `+=`,
// a `(...)` or `{...}` initialiser) reads a thread-varying source: the
// thread index (threadIdx or the runtime's thread context), the lane index
// (__lane_id), the result of a warp collective (__shfl*_sync, __ballot_sync,
// ...), a group's thread_rank() or thread_index(), or another
// thread-varying local; followed to a fixed point. A local whose address is taken is counted as varying,
// since a write through the pointer is not followed.
//
// Data only: a local assigned a constant under a thread-dependent branch
// (`if (threadIdx.x == 0) x = 1;`) is not varying here. Callers that need
// a value to be block-uniform also require its writes to run for the whole
// block at once (see block_uniformity.h).
#pragma once

#include <set>
#include <string>

#include "token_cursor.h"

namespace cucpu::compiler {

// Does token i read something that differs between threads by itself (the
// thread or lane index, a warp collective's result)?
bool reads_thread_identity(const TokenCursor& c, size_t i);

// Names of the thread-varying locals assigned in [body_begin, body_end).
std::set<std::string> thread_varying_locals(const TokenCursor& c, size_t body_begin, size_t body_end);

}  // namespace cucpu::compiler
