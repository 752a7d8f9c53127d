#include "problems/common/elementwise.h"

#include <cmath>

#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {

std::vector<judge::ProblemDefinition::ParameterDecl> MatrixMap::parameters() const {
  return {{"input", "const float*"}, {"output", "float*"}, {"n", "size_t"}, {"m", "size_t"}};
}

void MatrixMap::validate(const judge::ScalarArgs& args) const {
  size_at_least(args, "n", 1);
  size_at_least(args, "m", 1);
}

std::map<std::string, judge::Shape> MatrixMap::tensor_shapes(const judge::ScalarArgs& args) const {
  const judge::Shape matrix = {args.integer("n"), args.integer("m")};
  return {{"input", matrix}, {"output", matrix}};
}

void MatrixActivation::reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                                 const judge::MutableTensors& outputs) const {
  map_unary(inputs.at("input"), outputs.at("output"), element_count(args),
            [this](double x) { return activation(x); });
}

void AlphaActivation::validate(const judge::ScalarArgs& args) const {
  MatrixMap::validate(args);
  finite_real(args, "alpha");
}

void AlphaActivation::reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                                const judge::MutableTensors& outputs) const {
  const double alpha = args.real("alpha");
  map_unary(inputs.at("input"), outputs.at("output"), element_count(args),
            [this, alpha](double x) { return activation(x, alpha); });
}

double logistic(double x) {
  // e^-|x| never overflows; the two branches are the same function.
  const double e = std::exp(-std::abs(x));
  return x >= 0 ? 1.0 / (1.0 + e) : e / (1.0 + e);
}

}  // namespace problems
