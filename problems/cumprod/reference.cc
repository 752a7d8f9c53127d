// Inclusive running product of a vector of N floats, in double.
#include "judge/problem/definition.h"
#include "problems/common/scan.h"

namespace problems {
namespace {

class CumulativeProduct : public VectorScan {
 public:
  CumulativeProduct() : VectorScan(inclusive_product, "multiplication") {}
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("cumprod", problems::CumulativeProduct);
