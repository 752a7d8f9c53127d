// The shape of a reduction over one dimension, as Tensara's *-dim problems
// pass it: a literal `shape` array (the case's `params: {shape: [...]}`),
// `ndim` and `dim`. validate() of such a problem is reduction_shape(args).
#pragma once

#include <cstdint>

#include "judge/problem/definition.h"

namespace problems {

// The tensor seen as (outer, extent, inner) around dimension `dim`.
struct ReductionShape {
  judge::Shape extents;  // the `shape` array
  int64_t dim = 0;
  int64_t outer = 1, extent = 1, inner = 1;
};

inline constexpr int64_t kMaxReductionRank = 8;

// Reads and checks `shape` (given, length `ndim`, every extent >= 1),
// `ndim` (1 to kMaxReductionRank) and `dim` (0 <= dim < ndim). Throws
// judge::InvalidCase naming the parameter and the rule.
ReductionShape reduction_shape(const judge::ScalarArgs& args);

}  // namespace problems
