// ConvTranspose2d alone, no bias, with every knob: stride, padding,
// output_padding, dilation and groups (kernel (C_in, C_out / groups, K_h, K_w);
// group g maps input channels [g C_in/G, (g+1) C_in/G) to output channels
// [g C_out/G, (g+1) C_out/G)).
#include <vector>

#include "judge/problem/definition.h"
#include "problems/common/conv_transpose.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

ConvTransposeGeometry conv_geometry(const judge::ScalarArgs& args) {
  ConvTransposeGeometry g;
  g.in_channels = args.integer("in_channels");
  g.out_channels = args.integer("out_channels");
  g.groups = args.integer("groups");
  g.in_size = {1, args.integer("height"), args.integer("width")};
  g.kernel = {1, args.integer("kernel_h"), args.integer("kernel_w")};
  g.stride = {1, args.integer("stride_h"), args.integer("stride_w")};
  g.padding = {0, args.integer("padding_h"), args.integer("padding_w")};
  g.output_padding = {0, args.integer("output_padding_h"), args.integer("output_padding_w")};
  g.dilation = {1, args.integer("dilation_h"), args.integer("dilation_w")};
  return g;
}

class ConvTranspose2dStridedGrouped : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input", "const float*"},      {"kernel", "const float*"},
            {"output", "float*"},           {"batch_size", "size_t"},
            {"in_channels", "size_t"},      {"out_channels", "size_t"},
            {"height", "size_t"},           {"width", "size_t"},
            {"kernel_h", "size_t"},         {"kernel_w", "size_t"},
            {"stride_h", "size_t"},         {"stride_w", "size_t"},
            {"padding_h", "size_t"},        {"padding_w", "size_t"},
            {"output_padding_h", "size_t"}, {"output_padding_w", "size_t"},
            {"dilation_h", "size_t"},       {"dilation_w", "size_t"},
            {"groups", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    for (const char* name : {"batch_size", "in_channels", "out_channels", "height", "width",
                             "kernel_h", "kernel_w", "stride_h", "stride_w", "dilation_h",
                             "dilation_w", "groups"}) {
      size_at_least(args, name, 1);
    }
    for (const char* name : {"padding_h", "padding_w", "output_padding_h", "output_padding_w"}) {
      size_at_least(args, name, 0);
    }
    const ConvTransposeGeometry g = conv_geometry(args);
    require_divides("groups", g.groups, "in_channels", g.in_channels);
    require_divides("groups", g.groups, "out_channels", g.out_channels);
    require_output_padding_below("output_padding_h", g.output_padding[1], g.stride[1], g.dilation[1]);
    require_output_padding_below("output_padding_w", g.output_padding[2], g.stride[2], g.dilation[2]);
    require(g.out_size(1) >= 1, "output height " + std::to_string(g.out_size(1)) +
                                    " (from height, kernel_h, stride_h, padding_h, "
                                    "output_padding_h, dilation_h) must be at least 1");
    require(g.out_size(2) >= 1, "output width " + std::to_string(g.out_size(2)) +
                                    " (from width, kernel_w, stride_w, padding_w, "
                                    "output_padding_w, dilation_w) must be at least 1");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const ConvTransposeGeometry g = conv_geometry(args);
    const int64_t b = args.integer("batch_size");
    return {{"input", {b, g.in_channels, g.in_size[1], g.in_size[2]}},
            {"kernel", {g.in_channels, g.out_channels / g.groups, g.kernel[1], g.kernel[2]}},
            {"output", {b, g.out_channels, g.out_size(1), g.out_size(2)}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return 2.0 * args.integer("batch_size") * conv_geometry(args).multiply_adds_per_sample();
  }

  std::string flop_formula() const override {
    return "2 * B * C_out * (C_in / groups) * T_h * T_w, T = (input, tap) pairs whose tap "
           "lands inside the output on that axis: 0 <= i * stride - padding + k * dilation < "
           "out";
  }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const ConvTransposeGeometry g = conv_geometry(args);
    const float* input = inputs.at("input");
    float* output = outputs.at("output");
    ConvTranspose conv(g, inputs.at("kernel"));
    const int64_t sample_in = g.in_channels * g.in_volume();
    const int64_t sample_out = g.out_channels * g.out_volume();
    parallel_for(args.integer("batch_size"), [&](int64_t n) {
      double* result = scratch_buffer(0, sample_out);
      conv.run_sample(input + n * sample_in, result);
      float* out = output + n * sample_out;
      for (int64_t i = 0; i < sample_out; ++i) out[i] = static_cast<float>(result[i]);
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("conv-transpose-2d-asym-input-asym-kernel-strided-grouped",
                 problems::ConvTranspose2dStridedGrouped);
