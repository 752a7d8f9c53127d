#include "problems/common/conv_transpose_problem.h"

#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {

std::vector<std::pair<std::string, std::string>> ConvTransposeProblem::axes() const {
  const std::vector<std::pair<std::string, std::string>> all = {{"d", "depth"}, {"h", "height"}, {"w", "width"}};
  return {all.begin() + first_axis(), all.end()};
}

ConvTransposeGeometry ConvTransposeProblem::geometry(const judge::ScalarArgs& args) const {
  ConvTransposeGeometry g;
  g.in_channels = args.integer("in_channels");
  g.out_channels = args.integer("out_channels");
  if (m_abi.grouped_dilated) g.groups = args.integer("groups");
  int axis = first_axis();
  for (const auto& [suffix, extent] : axes()) {
    g.in_size[axis] = args.integer(extent);
    g.kernel[axis] = args.integer("kernel_" + suffix);
    g.stride[axis] = args.integer("stride_" + suffix);
    g.padding[axis] = args.integer("padding_" + suffix);
    g.output_padding[axis] = args.integer("output_padding_" + suffix);
    if (m_abi.grouped_dilated) g.dilation[axis] = args.integer("dilation_" + suffix);
    ++axis;
  }
  return g;
}

std::vector<judge::ProblemDefinition::ParameterDecl> ConvTransposeProblem::size_parameters() const {
  std::vector<ParameterDecl> sizes;
  auto add = [&](const std::string& name) { sizes.push_back({name, "size_t"}); };
  for (const char* name : {"batch_size", "in_channels", "out_channels"}) add(name);
  for (const auto& axis : axes()) add(axis.second);
  std::vector<std::string> knobs = {"kernel_", "stride_", "padding_", "output_padding_"};
  if (m_abi.grouped_dilated) knobs.push_back("dilation_");
  for (const std::string& knob : knobs) {
    for (const auto& axis : axes()) add(knob + axis.first);
  }
  if (m_abi.grouped_dilated) add("groups");
  return sizes;
}

void ConvTransposeProblem::validate(const judge::ScalarArgs& args) const {
  for (const ParameterDecl& size : size_parameters()) {
    const bool may_be_zero = size.name.rfind("padding_", 0) == 0 || size.name.rfind("output_padding_", 0) == 0;
    size_at_least(args, size.name, may_be_zero ? 0 : 1);
  }
  const ConvTransposeGeometry g = geometry(args);
  if (m_abi.grouped_dilated) {
    require_divides("groups", g.groups, "in_channels", g.in_channels);
    require_divides("groups", g.groups, "out_channels", g.out_channels);
  }
  int axis = first_axis();
  for (const auto& [suffix, extent] : axes()) {
    require_output_padding_below("output_padding_" + suffix, g.output_padding[axis], g.stride[axis],
                                 g.dilation[axis]);
    std::string sources = extent + ", kernel_" + suffix + ", stride_" + suffix + ", padding_" + suffix +
                          ", output_padding_" + suffix;
    if (m_abi.grouped_dilated) sources += ", dilation_" + suffix;
    require(g.out_size(axis) >= m_abi.min_output,
            "transposed-convolution output " + extent + " " + std::to_string(g.out_size(axis)) + " (from " +
                sources + ") " +
                (m_abi.min_output == 1 ? std::string("must be at least 1") : "is below " + m_abi.min_output_reason));
    ++axis;
  }
}

judge::Shape ConvTransposeProblem::input_shape(const judge::ScalarArgs& args) const {
  const ConvTransposeGeometry g = geometry(args);
  judge::Shape shape = {args.integer("batch_size"), g.in_channels};
  for (int axis = first_axis(); axis < 3; ++axis) shape.push_back(g.in_size[axis]);
  return shape;
}

judge::Shape ConvTransposeProblem::kernel_shape(const judge::ScalarArgs& args) const {
  const ConvTransposeGeometry g = geometry(args);
  judge::Shape shape = {g.in_channels, g.out_channels / g.groups};
  for (int axis = first_axis(); axis < 3; ++axis) shape.push_back(g.kernel[axis]);
  return shape;
}

judge::Shape ConvTransposeProblem::output_shape(const judge::ScalarArgs& args, int64_t window) const {
  const ConvTransposeGeometry g = geometry(args);
  judge::Shape shape = {args.integer("batch_size"), g.out_channels};
  for (int axis = first_axis(); axis < 3; ++axis) shape.push_back(g.out_size(axis) / window);
  return shape;
}

double ConvTransposeProblem::convolution_flops(const judge::ScalarArgs& args) const {
  return 2.0 * args.integer("batch_size") * geometry(args).multiply_adds_per_sample();
}

double ConvTransposeProblem::flops(const judge::ScalarArgs& args) const {
  return convolution_flops(args) + later_stages_flops(args);
}

std::string ConvTransposeProblem::flop_formula() const {
  const std::string later = later_stages_flop_formula();
  return later.empty() ? convolution_flop_formula() : convolution_flop_formula() + " + " + later;
}

std::string ConvTransposeProblem::convolution_flop_formula() const {
  std::string formula = m_abi.grouped_dilated ? "2 * B * C_out * (C_in / groups)" : "2 * B * C_out * C_in";
  for (const auto& axis : axes()) formula += " * T_" + axis.first;
  return formula +
         " (T: an axis's (input, tap) pairs whose tap lands inside the transposed-convolution output, "
         "0 <= i * stride - padding + k" +
         (m_abi.grouped_dilated ? " * dilation" : "") + " < out)";
}

double ConvTransposeProblem::output_elements(const judge::ScalarArgs& args, int64_t window) const {
  return static_cast<double>(judge::element_count(output_shape(args, window)));
}

void ConvTransposeProblem::convolve_samples(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                                            const std::function<double*(int64_t n)>& destination,
                                            const std::function<void(int64_t n, double* x)>& finish) const {
  const ConvTransposeGeometry g = geometry(args);
  const ConvTranspose conv(g, inputs.at("kernel"));
  const float* input = inputs.at("input");
  const int64_t sample_in = g.in_channels * g.in_volume();
  parallel_for(args.integer("batch_size"), [&](int64_t n) {
    double* x = destination(n);
    conv.run_sample(input + n * sample_in, x);
    finish(n, x);
  });
}

void ConvTransposeProblem::for_each_sample(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                                           const std::function<void(int64_t n, double* x)>& finish) const {
  const ConvTransposeGeometry g = geometry(args);
  const int64_t sample_out = g.out_channels * g.out_volume();
  convolve_samples(
      args, inputs, [sample_out](int64_t) { return scratch_buffer(0, sample_out); }, finish);
}

void ConvTransposeProblem::convolve_batch(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                                          double* all) const {
  const ConvTransposeGeometry g = geometry(args);
  const int64_t sample_out = g.out_channels * g.out_volume();
  convolve_samples(
      args, inputs, [all, sample_out](int64_t n) { return all + n * sample_out; }, [](int64_t, double*) {});
}

void round_to_float(const double* x, int64_t count, float* out) {
  for (int64_t i = 0; i < count; ++i) out[i] = static_cast<float>(x[i]);
}

}  // namespace problems
