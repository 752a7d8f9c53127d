#include "problems/common/reduction_shape.h"

#include <string>

#include "problems/common/scalar_checks.h"

namespace problems {
namespace {
// Element indices of these problems fit a 32-bit int (argmax's output type).
constexpr int64_t kMaxElements = int64_t{1} << 31;
}  // namespace

ReductionShape reduction_shape(const judge::ScalarArgs& args) {
  require(args.has_array("shape"), "parameter 'shape' must be given in the case as a list of extents, e.g. [4, 5, 6]");
  ReductionShape s;
  s.extents = args.array("shape");
  const int64_t ndim = args.integer("ndim");
  require(ndim >= 1 && ndim <= kMaxReductionRank,
          "parameter 'ndim' = " + std::to_string(ndim) + " must be between 1 and " + std::to_string(kMaxReductionRank));
  require(static_cast<int64_t>(s.extents.size()) == ndim,
          "parameter 'shape' lists " + std::to_string(s.extents.size()) + " extents, but 'ndim' = " +
              std::to_string(ndim));
  s.dim = args.integer("dim");
  require(s.dim >= 0 && s.dim < ndim,
          "parameter 'dim' = " + std::to_string(s.dim) + " must be in [0, ndim) = [0, " + std::to_string(ndim) + ")");
  for (std::size_t i = 0; i < s.extents.size(); ++i) {
    require(s.extents[i] >= 1 && s.extents[i] <= kMaxElements,
            "parameter 'shape' has extent " + std::to_string(s.extents[i]) + " at index " + std::to_string(i) +
                "; every extent must be between 1 and 2^31");
  }
  int64_t elements = 1;
  for (int64_t extent : s.extents) {
    elements *= extent;  // both factors <= 2^31 and the product so far <= 2^31: no overflow
    require(elements <= kMaxElements, "parameter 'shape' describes more than 2^31 elements");
  }
  for (int64_t i = 0; i < ndim; ++i) {
    int64_t& part = i < s.dim ? s.outer : (i == s.dim ? s.extent : s.inner);
    part *= s.extents[static_cast<std::size_t>(i)];
  }
  return s;
}

}  // namespace problems
