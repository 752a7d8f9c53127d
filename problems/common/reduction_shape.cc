#include "problems/common/reduction_shape.h"

#include <string>

#include "problems/common/parallel.h"
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

std::vector<judge::ProblemDefinition::ParameterDecl> DimReduction::parameters() const {
  return {{"input", "const float*"}, {"dim", "int"}, {"output", "float*"},
          {"shape", "const size_t*"}, {"ndim", "size_t"}};
}

std::map<std::string, judge::Shape> DimReduction::tensor_shapes(const judge::ScalarArgs& args) const {
  const ReductionShape s = reduction_shape(args);
  judge::Shape kept = s.extents;
  kept[static_cast<std::size_t>(s.dim)] = 1;
  return {{"input", s.extents}, {"output", kept}, {"shape", {static_cast<int64_t>(s.extents.size())}}};
}

void DimReduction::reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                             const judge::MutableTensors& outputs) const {
  const ReductionShape s = reduction_shape(args);
  const float* input = inputs.at("input");
  float* output = outputs.at("output");
  parallel_for(s.outer, [&](int64_t o) {
    for (int64_t i = 0; i < s.inner; ++i) {
      output[o * s.inner + i] = reduce_line(input + o * s.extent * s.inner + i, s.inner, s.extent);
    }
  });
}

double per_line_tail_flops(const judge::ScalarArgs& args) {
  const ReductionShape s = reduction_shape(args);
  return static_cast<double>(s.outer * s.inner) * static_cast<double>(s.extent - 1);
}

float DimExtremum::reduce_line(const float* x, int64_t stride, int64_t count) const {
  if (m_extremum == Extremum::kMax) return fold_line(x, stride, count, [](float best, float v) { return v > best ? v : best; });
  return fold_line(x, stride, count, [](float best, float v) { return v < best ? v : best; });
}

std::vector<judge::ProblemDefinition::ParameterDecl> DimIndexReduction::parameters() const {
  return {{"input", "const float*"}, {"dim", "int"}, {"output", "int*"}, {"shape", "const int*"}, {"ndim", "int"}};
}

void DimIndexReduction::validate(const judge::ScalarArgs& args) const {
  require(args.integer("ndim") >= 2, "parameter 'ndim' = " + std::to_string(args.integer("ndim")) +
                                         " must be at least 2 (the output drops a dimension)");
  reduction_shape(args);
}

std::map<std::string, judge::Shape> DimIndexReduction::tensor_shapes(const judge::ScalarArgs& args) const {
  const ReductionShape s = reduction_shape(args);
  judge::Shape dropped = s.extents;
  dropped.erase(dropped.begin() + s.dim);
  return {{"input", s.extents}, {"output", dropped}, {"shape", {static_cast<int64_t>(s.extents.size())}}};
}

void DimIndexReduction::reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                                  const judge::MutableTensors& outputs) const {
  const ReductionShape s = reduction_shape(args);
  const float* input = inputs.at("input");
  int32_t* output = outputs.at("output").as<int32_t>();
  parallel_for(s.outer, [&](int64_t o) {
    for (int64_t i = 0; i < s.inner; ++i) {
      output[o * s.inner + i] = static_cast<int32_t>(pick_line(input + o * s.extent * s.inner + i, s.inner, s.extent));
    }
  });
}

}  // namespace problems
