// C (n x n) = A (n x n) * B (n x n), A and B symmetric, accumulated in double.
// The inputs are made symmetric here (shape_inputs): each uniform draw is
// averaged with its transpose.
#include "judge/problem/definition.h"
#include "problems/common/matmul.h"
#include "problems/common/parallel.h"

namespace problems {
namespace {

// a (n x n, row-major) = (a + a^T) / 2, each pair averaged in double and
// rounded once; the diagonal is unchanged.
void symmetrise(float* a, int64_t n) {
  parallel_for(n, [&](int64_t i) {
    for (int64_t j = i + 1; j < n; ++j) {
      const float mean = static_cast<float>((static_cast<double>(a[i * n + j]) + a[j * n + i]) / 2);
      a[i * n + j] = mean;
      a[j * n + i] = mean;
    }
  });
}

class SymmetricMatmul : public SquareMatmul {
 public:
  void shape_inputs(const judge::ScalarArgs& args, const judge::MutableTensors& inputs) const override {
    symmetrise(inputs.at("input_a"), args.integer("n"));
    symmetrise(inputs.at("input_b"), args.integer("n"));
  }
  std::string input_shaping() const override {
    return "input_a and input_b symmetrised: (i, j) and (j, i) both set to their mean";
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("symmetric-matmul", problems::SymmetricMatmul);
