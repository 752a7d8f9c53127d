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
#include "problems/common/conv_transpose_problem.h"
#include "problems/common/normalization.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

constexpr int64_t kPoolWindow = 2;

class ConvTranspose2dBatchNormTanhMaxPoolGroupNorm : public ConvTransposeProblem {
 public:
  ConvTranspose2dBatchNormTanhMaxPoolGroupNorm()
      : ConvTransposeProblem(
            {.spatial_axes = 2, .min_output = kPoolWindow, .min_output_reason = "the 2x2 max-pool window"}) {}

  std::vector<ParameterDecl> parameters() const override {
    std::vector<ParameterDecl> all = {{"input", "const float*"},     {"kernel", "const float*"},
                                      {"bn_weight", "const float*"}, {"bn_bias", "const float*"},
                                      {"gn_weight", "const float*"}, {"gn_bias", "const float*"},
                                      {"output", "float*"}};
    for (const ParameterDecl& size : size_parameters()) all.push_back(size);
    all.push_back({"groups", "size_t"});
    all.push_back({"num_groups", "size_t"});
    return all;
  }

  void validate(const judge::ScalarArgs& args) const override {
    ConvTransposeProblem::validate(args);
    size_at_least(args, "groups", 1);
    size_at_least(args, "num_groups", 1);
    require_divides("num_groups", args.integer("num_groups"), "out_channels", args.integer("out_channels"));
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t c_out = args.integer("out_channels");
    return {{"input", input_shape(args)},      {"kernel", kernel_shape(args)}, {"bn_weight", {c_out}},
            {"bn_bias", {c_out}},              {"gn_weight", {c_out}},         {"gn_bias", {c_out}},
            {"output", output_shape(args, kPoolWindow)}};
  }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const ConvTransposeGeometry g = geometry(args);
    const int64_t batch = args.integer("batch_size");
    const int64_t channels = g.out_channels;
    const int64_t conv_h = g.out_size(1), conv_w = g.out_size(2);
    const int64_t plane = conv_h * conv_w;
    const int64_t pooled_h = conv_h / kPoolWindow, pooled_w = conv_w / kPoolWindow;
    const int64_t num_groups = args.integer("num_groups");
    const float* bn_weight = inputs.at("bn_weight");
    const float* bn_bias = inputs.at("bn_bias");
    const float* gn_weight = inputs.at("gn_weight");
    const float* gn_bias = inputs.at("gn_bias");
    float* output = outputs.at("output");

    std::vector<double> conv_out(batch * channels * plane);
    convolve_batch(args, inputs, conv_out.data());

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
      round_to_float(pooled, pooled_count, output + n * pooled_count);
    });
  }

 protected:
  double later_stages_flops(const judge::ScalarArgs& args) const override {
    const double pooled = output_elements(args, kPoolWindow);
    return 5 * output_elements(args, 1) + 3 * pooled + 4 * pooled;
  }
  std::string later_stages_flop_formula() const override {
    return "5 * B * C_out * H_c * W_c (batch norm 4, tanh 1) + 7 * B * C_out * H_p * W_p (max-pool 3 comparisons, "
           "group norm 4)";
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("conv-transpose2d-batchnorm-tanh-maxpool-groupnorm",
                 problems::ConvTranspose2dBatchNormTanhMaxPoolGroupNorm);
