// ConvTranspose2d (ungrouped, no bias) -> BatchNorm (batch statistics) ->
// tanh -> MaxPool 2x2 stride 2 -> GroupNorm. The `groups` parameter is part
// of the C ABI but, as in both upstream sources, does not change the result.
//
// BatchNorm needs statistics over the whole batch, so the transposed
// convolution of every sample is kept in double (B * C_out * H_c * W_c
// doubles, 606 MB at upstream size) before the per-sample stages run.
#include <cmath>
#include <vector>

#include "judge/problem/definition.h"
#include "problems/common/conv_transpose.h"
#include "problems/common/normalization.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

constexpr int64_t kPoolWindow = 2;

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

class ConvTranspose2dBatchNormTanhMaxPoolGroupNorm : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input", "const float*"},   {"kernel", "const float*"},
            {"bn_weight", "const float*"}, {"bn_bias", "const float*"},
            {"gn_weight", "const float*"}, {"gn_bias", "const float*"},
            {"output", "float*"},          {"batch_size", "size_t"},
            {"in_channels", "size_t"},     {"out_channels", "size_t"},
            {"height", "size_t"},          {"width", "size_t"},
            {"kernel_h", "size_t"},        {"kernel_w", "size_t"},
            {"stride_h", "size_t"},        {"stride_w", "size_t"},
            {"padding_h", "size_t"},       {"padding_w", "size_t"},
            {"output_padding_h", "size_t"}, {"output_padding_w", "size_t"},
            {"groups", "size_t"},          {"num_groups", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    for (const char* name : {"batch_size", "in_channels", "out_channels", "height", "width",
                             "kernel_h", "kernel_w", "stride_h", "stride_w", "groups",
                             "num_groups"}) {
      size_at_least(args, name, 1);
    }
    for (const char* name : {"padding_h", "padding_w", "output_padding_h", "output_padding_w"}) {
      size_at_least(args, name, 0);
    }
    require_output_padding_below("output_padding_h", args.integer("output_padding_h"),
                                 args.integer("stride_h"), 1);
    require_output_padding_below("output_padding_w", args.integer("output_padding_w"),
                                 args.integer("stride_w"), 1);
    require_divides("num_groups", args.integer("num_groups"), "out_channels",
                    args.integer("out_channels"));
    const ConvTransposeGeometry g = conv_geometry(args);
    require(g.out_size(1) >= kPoolWindow,
            "transposed-convolution output height " + std::to_string(g.out_size(1)) +
                " (from height, kernel_h, stride_h, padding_h, output_padding_h) is below the "
                "2x2 max-pool window");
    require(g.out_size(2) >= kPoolWindow,
            "transposed-convolution output width " + std::to_string(g.out_size(2)) +
                " (from width, kernel_w, stride_w, padding_w, output_padding_w) is below the "
                "2x2 max-pool window");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const ConvTransposeGeometry g = conv_geometry(args);
    const int64_t b = args.integer("batch_size"), c_out = g.out_channels;
    return {{"input", {b, g.in_channels, g.in_size[1], g.in_size[2]}},
            {"kernel", {g.in_channels, c_out, g.kernel[1], g.kernel[2]}},
            {"bn_weight", {c_out}},
            {"bn_bias", {c_out}},
            {"gn_weight", {c_out}},
            {"gn_bias", {c_out}},
            {"output", {b, c_out, g.out_size(1) / kPoolWindow, g.out_size(2) / kPoolWindow}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const ConvTransposeGeometry g = conv_geometry(args);
    const double b = args.integer("batch_size");
    const double conv_elements = b * g.out_channels * g.out_volume();
    const double pooled = b * g.out_channels * (g.out_size(1) / kPoolWindow) *
                          (g.out_size(2) / kPoolWindow);
    return 2 * b * g.multiply_adds_per_sample() + 5 * conv_elements + 3 * pooled + 4 * pooled;
  }

  std::string flop_formula() const override {
    return "2 * B * C_out * C_in * T_h * T_w (T = (input, tap) pairs landing inside the "
           "transposed-convolution output, per axis) + 5 * B * C_out * H_c * W_c (batch norm 4, "
           "tanh 1) + 7 * B * C_out * H_p * W_p (max-pool 3 comparisons, group norm 4)";
  }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const ConvTransposeGeometry g = conv_geometry(args);
    const int64_t batch = args.integer("batch_size");
    const int64_t channels = g.out_channels;
    const int64_t conv_h = g.out_size(1), conv_w = g.out_size(2);
    const int64_t plane = conv_h * conv_w;
    const int64_t pooled_h = conv_h / kPoolWindow, pooled_w = conv_w / kPoolWindow;
    const int64_t num_groups = args.integer("num_groups");
    const float* input = inputs.at("input");
    const float* bn_weight = inputs.at("bn_weight");
    const float* bn_bias = inputs.at("bn_bias");
    const float* gn_weight = inputs.at("gn_weight");
    const float* gn_bias = inputs.at("gn_bias");
    float* output = outputs.at("output");

    ConvTranspose conv(g, inputs.at("kernel"));
    std::vector<double> conv_out(batch * channels * plane);
    const int64_t sample_in = g.in_channels * g.in_volume();
    parallel_for(batch, [&](int64_t n) {
      conv.run_sample(input + n * sample_in, conv_out.data() + n * channels * plane);
    });

    // Batch statistics per channel over (N, H, W), biased variance, two passes.
    std::vector<double> bn_scale(channels), bn_shift(channels);
    parallel_for(channels, [&](int64_t c) {
      double sum = 0;
      for (int64_t n = 0; n < batch; ++n) {
        const double* values = conv_out.data() + (n * channels + c) * plane;
        for (int64_t s = 0; s < plane; ++s) sum += values[s];
      }
      const double count = static_cast<double>(batch * plane);
      const double mean = sum / count;
      double squares = 0;
      for (int64_t n = 0; n < batch; ++n) {
        const double* values = conv_out.data() + (n * channels + c) * plane;
        for (int64_t s = 0; s < plane; ++s) squares += (values[s] - mean) * (values[s] - mean);
      }
      const double scale = bn_weight[c] / std::sqrt(squares / count + kNormEpsilon);
      bn_scale[c] = scale;
      bn_shift[c] = bn_bias[c] - mean * scale;
    });

    parallel_for(batch, [&](int64_t n) {
      double* sample = conv_out.data() + n * channels * plane;
      for (int64_t c = 0; c < channels; ++c) {
        double* values = sample + c * plane;
        for (int64_t s = 0; s < plane; ++s) values[s] = std::tanh(values[s] * bn_scale[c] + bn_shift[c]);
      }
      const int64_t pooled_count = channels * pooled_h * pooled_w;
      double* pooled = scratch_buffer(0, pooled_count);
      max_pool_2d_sample(sample, channels, conv_h, conv_w, kPoolWindow, pooled);
      group_norm_sample(pooled, channels, pooled_h * pooled_w, num_groups, gn_weight, gn_bias);
      float* out = output + n * pooled_count;
      for (int64_t i = 0; i < pooled_count; ++i) out[i] = static_cast<float>(pooled[i]);
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("conv-transpose2d-batchnorm-tanh-maxpool-groupnorm",
                 problems::ConvTranspose2dBatchNormTanhMaxPoolGroupNorm);
