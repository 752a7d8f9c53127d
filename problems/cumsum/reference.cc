// Inclusive running sum of a vector of N floats, in double.
#include "judge/problem/definition.h"
#include "problems/common/scan.h"

namespace problems {
namespace {

class CumulativeSum : public VectorScan {
 public:
  CumulativeSum() : VectorScan(inclusive_sum, "addition") {}
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("cumsum", problems::CumulativeSum);
