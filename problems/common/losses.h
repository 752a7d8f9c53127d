// The loss family: elementwise losses over (predictions, targets) pairs and
// the reductions behind the scalar and per-row ones. ElementwiseLoss is the
// whole definition of a Tensara loss with the ABI (predictions, targets,
// output, n) whose output keeps one value per element; a problem supplies
// the per-element function (in double) and its FLOP count (PerElementFlops).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "judge/problem/definition.h"
#include "problems/common/elementwise.h"  // PerElementFlops
#include "problems/common/scalar_checks.h"

namespace problems {

class ElementwiseLoss : public PerElementFlops {
 public:
  // The loss of one (prediction, target) pair, in double.
  using Loss = double (*)(double prediction, double target);

  ElementwiseLoss(Loss loss, double flops_per_element, std::string flop_formula)
      : PerElementFlops(flops_per_element, std::move(flop_formula)), m_loss(loss) {}

  std::vector<ParameterDecl> parameters() const override;
  void validate(const judge::ScalarArgs& args) const override { size_at_least(args, "n", 1); }
  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override;
  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override;

 protected:
  int64_t element_count(const judge::ScalarArgs& args) const override { return args.integer("n"); }

 private:
  Loss m_loss;
};

// sum of term(i) over [0, count) in double, on the reference threads, by
// ordered_chunk_sum (64 Ki terms a chunk), so the result does not depend on
// the thread count or timing.
double parallel_sum(int64_t count, const std::function<double(int64_t i)>& term);

// The `shape` array of a loss over a tensor of any rank (Tensara's
// `shape` + `ndim` parameters): given literally by the case, `ndim` extents
// (1 to 8), each at least 1. Throws judge::InvalidCase naming the parameter.
judge::Shape literal_shape(const judge::ScalarArgs& args);

// The dot product, in double, of row `row` of two (rows, length) row-major
// matrices.
double row_dot(const float* a, const float* b, int64_t row, int64_t length);

}  // namespace problems
