// ConvTranspose2d (ungrouped, with conv_bias) -> softmax over channels ->
// add add_bias (C_out, 1, 1) -> multiply by scaling_factor -> sigmoid.
// Every stage after the convolution is per position of one sample, so each
// sample runs start to finish on one thread.
#include <algorithm>
#include <cmath>
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
  g.in_size = {1, args.integer("height"), args.integer("width")};
  g.kernel = {1, args.integer("kernel_h"), args.integer("kernel_w")};
  g.stride = {1, args.integer("stride_h"), args.integer("stride_w")};
  g.padding = {0, args.integer("padding_h"), args.integer("padding_w")};
  g.output_padding = {0, args.integer("output_padding_h"), args.integer("output_padding_w")};
  return g;
}

class ConvTranspose2dSoftmaxBiasAddScalingSigmoid : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input", "const float*"},      {"kernel", "const float*"},
            {"conv_bias", "const float*"},  {"add_bias", "const float*"},
            {"output", "float*"},           {"scaling_factor", "double"},
            {"batch_size", "size_t"},       {"in_channels", "size_t"},
            {"out_channels", "size_t"},     {"height", "size_t"},
            {"width", "size_t"},            {"kernel_h", "size_t"},
            {"kernel_w", "size_t"},         {"stride_h", "size_t"},
            {"stride_w", "size_t"},         {"padding_h", "size_t"},
            {"padding_w", "size_t"},        {"output_padding_h", "size_t"},
            {"output_padding_w", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    for (const char* name : {"batch_size", "in_channels", "out_channels", "height", "width",
                             "kernel_h", "kernel_w", "stride_h", "stride_w"}) {
      size_at_least(args, name, 1);
    }
    for (const char* name : {"padding_h", "padding_w", "output_padding_h", "output_padding_w"}) {
      size_at_least(args, name, 0);
    }
    finite_real(args, "scaling_factor");
    const ConvTransposeGeometry g = conv_geometry(args);
    require_output_padding_below("output_padding_h", g.output_padding[1], g.stride[1], 1);
    require_output_padding_below("output_padding_w", g.output_padding[2], g.stride[2], 1);
    require(g.out_size(1) >= 1, "output height " + std::to_string(g.out_size(1)) +
                                    " (from height, kernel_h, stride_h, padding_h, "
                                    "output_padding_h) must be at least 1");
    require(g.out_size(2) >= 1, "output width " + std::to_string(g.out_size(2)) +
                                    " (from width, kernel_w, stride_w, padding_w, "
                                    "output_padding_w) must be at least 1");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const ConvTransposeGeometry g = conv_geometry(args);
    const int64_t b = args.integer("batch_size"), c_out = g.out_channels;
    return {{"input", {b, g.in_channels, g.in_size[1], g.in_size[2]}},
            {"kernel", {g.in_channels, c_out, g.kernel[1], g.kernel[2]}},
            {"conv_bias", {c_out}},
            {"add_bias", {c_out, 1, 1}},
            {"output", {b, c_out, g.out_size(1), g.out_size(2)}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const ConvTransposeGeometry g = conv_geometry(args);
    const double b = args.integer("batch_size");
    return 2 * b * g.multiply_adds_per_sample() + 10 * b * g.out_channels * g.out_volume();
  }

  std::string flop_formula() const override {
    return "2 * B * C_out * C_in * T_h * T_w (T = (input, tap) pairs landing inside the output, "
           "per axis) + 10 * B * C_out * H_out * W_out (conv bias 1, softmax 4, bias add 1, "
           "scaling 1, sigmoid 3)";
  }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const ConvTransposeGeometry g = conv_geometry(args);
    const int64_t channels = g.out_channels;
    const int64_t plane = g.out_volume();
    const double scaling = args.real("scaling_factor");
    const float* input = inputs.at("input");
    const float* conv_bias = inputs.at("conv_bias");
    const float* add_bias = inputs.at("add_bias");
    float* output = outputs.at("output");
    ConvTranspose conv(g, inputs.at("kernel"));
    const int64_t sample_in = g.in_channels * g.in_volume();
    parallel_for(args.integer("batch_size"), [&](int64_t n) {
      double* x = scratch_buffer(0, channels * plane);
      conv.run_sample(input + n * sample_in, x);
      // Softmax over channels at every position; loops run over contiguous
      // positions with per-position running max and sum.
      double* max = scratch_buffer(1, plane);
      double* sum = scratch_buffer(2, plane);
      std::fill(max, max + plane, -INFINITY);
      std::fill(sum, sum + plane, 0.0);
      for (int64_t c = 0; c < channels; ++c) {
        double* values = x + c * plane;
        for (int64_t p = 0; p < plane; ++p) {
          values[p] += conv_bias[c];
          max[p] = std::max(max[p], values[p]);
        }
      }
      for (int64_t c = 0; c < channels; ++c) {
        double* values = x + c * plane;
        for (int64_t p = 0; p < plane; ++p) {
          values[p] = std::exp(values[p] - max[p]);
          sum[p] += values[p];
        }
      }
      for (int64_t p = 0; p < plane; ++p) sum[p] = 1.0 / sum[p];
      float* out = output + n * channels * plane;
      for (int64_t c = 0; c < channels; ++c) {
        const double* values = x + c * plane;
        for (int64_t p = 0; p < plane; ++p) {
          const double z = (values[p] * sum[p] + add_bias[c]) * scaling;
          out[c * plane + p] = static_cast<float>(1.0 / (1.0 + std::exp(-z)));
        }
      }
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("conv-transpose2d-softmax-biasadd-scaling-sigmoid",
                 problems::ConvTranspose2dSoftmaxBiasAddScalingSigmoid);
