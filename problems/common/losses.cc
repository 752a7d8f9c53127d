#include "problems/common/losses.h"

#include <vector>

#include "problems/common/elementwise.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {

std::vector<judge::ProblemDefinition::ParameterDecl> ElementwiseLoss::parameters() const {
  return {{"predictions", "const float*"}, {"targets", "const float*"}, {"output", "float*"}, {"n", "size_t"}};
}

std::map<std::string, judge::Shape> ElementwiseLoss::tensor_shapes(const judge::ScalarArgs& args) const {
  const judge::Shape vector = {args.integer("n")};
  return {{"predictions", vector}, {"targets", vector}, {"output", vector}};
}

void ElementwiseLoss::reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                                const judge::MutableTensors& outputs) const {
  map_binary(inputs.at("predictions"), inputs.at("targets"), outputs.at("output"), args.integer("n"),
             [this](double prediction, double target) { return m_loss(prediction, target); });
}

double parallel_sum(int64_t count, const std::function<double(int64_t i)>& term) {
  return ordered_chunk_sum(count, int64_t{1} << 16, [&](int64_t begin, int64_t end) {
    double sum = 0;
    for (int64_t i = begin; i < end; ++i) sum += term(i);
    return sum;
  });
}

judge::Shape literal_shape(const judge::ScalarArgs& args) {
  require(args.has_array("shape"), "parameter 'shape' must be given in the case as a list of extents, e.g. [4, 5, 6]");
  const judge::Shape extents = args.array("shape");
  const int64_t ndim = args.integer("ndim");
  require(ndim >= 1 && ndim <= 8, "parameter 'ndim' = " + std::to_string(ndim) + " must be between 1 and 8");
  require(static_cast<int64_t>(extents.size()) == ndim, "parameter 'shape' lists " + std::to_string(extents.size()) +
                                                            " extents, but 'ndim' = " + std::to_string(ndim));
  for (std::size_t i = 0; i < extents.size(); ++i) {
    require(extents[i] >= 1, "parameter 'shape' has extent " + std::to_string(extents[i]) + " at index " +
                                 std::to_string(i) + "; every extent must be at least 1");
  }
  return extents;
}

double row_dot(const float* a, const float* b, int64_t row, int64_t length) {
  const float* x = a + row * length;
  const float* y = b + row * length;
  double sum = 0;
  for (int64_t i = 0; i < length; ++i) sum += static_cast<double>(x[i]) * y[i];
  return sum;
}

}  // namespace problems
