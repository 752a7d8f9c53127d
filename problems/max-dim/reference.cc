// Max over one dimension (values only, keepdim) of a tensor whose shape is a
// literal size_t array given by the case, as sum-dim's: common/reduction_shape.h's
// DimExtremum.
#include "judge/problem/definition.h"
#include "problems/common/reduction_shape.h"

namespace problems {
namespace {

class MaxDim : public DimExtremum {
 public:
  MaxDim() : DimExtremum(Extremum::kMax) {}
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("max-dim", problems::MaxDim);
