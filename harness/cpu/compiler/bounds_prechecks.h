// Bounds tests that cost nothing when the whole block passes them. A thread
// loop that tests `i < n` per thread (`if (i < n) out[i] = v;`,
// `float v = i < n ? in[i] : 0.0f;`, with `i` made from threadIdx) keeps
// the test, and masked loads and stores, in every vector: g++ splits a loop
// at a bound only when the comparison is on its own counter. So a region
// whose conditions are such tests gets a precheck: a thread loop before it
// computes `cucpu_in_bounds_R`, whether every thread of the region passes
// every one of them, and each condition C becomes `(cucpu_in_bounds_R ||
// (C))`. The flag is one of the region's block constants (thread_loops.h),
// so the region has a copy without the tests, with plain loads.
//
// A condition qualifies when it is not an `if` around a `return`, `break`
// or `continue` (a thread's exit, which whole blocks rarely take) and is
// comparisons (`<`, `<=`, `>`, `>=`, joined by `&&`), not the same for the
// whole block, that each thread evaluates to the same value anywhere in the
// region: arithmetic on threadIdx, blockIdx, blockDim and gridDim,
// parameters and uniform locals the kernel never writes (after their
// declaration), `const` or `constexpr` globals, and the region's recomputed
// locals (thread_storage.h; declared once in the kernel, the condition in
// their scope); no element read, dereference, call other than a cast,
// assignment, or `/` and `%` by anything but a nonzero number or a constant
// (the precheck evaluates the condition in threads that may not reach it).
#pragma once

#include <string>
#include <vector>

#include "barrier_regions.h"
#include "block_uniformity.h"
#include "source_edits.h"
#include "thread_storage.h"
#include "token_cursor.h"

namespace cucpu::compiler {

struct BoundsPrecheck {
  int region = -1;  // RegionPlan::regions index
  std::string flag;    // cucpu_in_bounds_R: no thread missed
  std::string misses;  // cucpu_misses_R, an unsigned: nonzero if one did
  // The loop body's code after the region's own skips: the recomputed
  // locals the conditions read, then `misses |= unsigned(!(C)) | ...;`.
  std::string body;
  std::vector<Edit> edits;  // each condition C -> (flag || (C))
};

// The prechecks of the kernel body [body_begin, body_end) (at most one per
// region; none for guard headers and strided loops).
std::vector<BoundsPrecheck> plan_bounds_prechecks(const TokenCursor& c, size_t body_begin, size_t body_end,
                                                  const std::vector<std::string>& parameters, const RegionPlan& plan,
                                                  const ThreadStorage& storage, const BlockUniformity& uniformity,
                                                  const std::function<std::string(size_t)>& final_text);

}  // namespace cucpu::compiler
