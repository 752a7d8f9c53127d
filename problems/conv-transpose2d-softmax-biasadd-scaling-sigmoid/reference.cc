// ConvTranspose2d (ungrouped, with conv_bias) -> softmax over channels ->
// add add_bias (C_out, 1, 1) -> multiply by scaling_factor -> sigmoid.
// Every stage after the convolution is per position of one sample, so each
// sample runs start to finish on one thread.
#include <algorithm>
#include <cmath>
#include <vector>

#include "judge/problem/definition.h"
#include "problems/common/conv_transpose_problem.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class ConvTranspose2dSoftmaxBiasAddScalingSigmoid : public ConvTransposeProblem {
 public:
  ConvTranspose2dSoftmaxBiasAddScalingSigmoid() : ConvTransposeProblem({.spatial_axes = 2}) {}

  std::vector<ParameterDecl> parameters() const override {
    std::vector<ParameterDecl> all = {{"input", "const float*"},     {"kernel", "const float*"},
                                      {"conv_bias", "const float*"}, {"add_bias", "const float*"},
                                      {"output", "float*"},          {"scaling_factor", "double"}};
    for (const ParameterDecl& size : size_parameters()) all.push_back(size);
    return all;
  }

  void validate(const judge::ScalarArgs& args) const override {
    ConvTransposeProblem::validate(args);
    finite_real(args, "scaling_factor");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t c_out = args.integer("out_channels");
    return {{"input", input_shape(args)},
            {"kernel", kernel_shape(args)},
            {"conv_bias", {c_out}},
            {"add_bias", {c_out, 1, 1}},
            {"output", output_shape(args, 1)}};
  }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const ConvTransposeGeometry g = geometry(args);
    const int64_t channels = g.out_channels;
    const int64_t plane = g.out_volume();
    const double scaling = args.real("scaling_factor");
    const float* conv_bias = inputs.at("conv_bias");
    const float* add_bias = inputs.at("add_bias");
    float* output = outputs.at("output");
    for_each_sample(args, inputs, [&](int64_t n, double* x) {
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

 protected:
  double later_stages_flops(const judge::ScalarArgs& args) const override { return 10 * output_elements(args, 1); }
  std::string later_stages_flop_formula() const override {
    return "10 * B * C_out * H_out * W_out (conv bias 1, softmax 4, bias add 1, scaling 1, sigmoid 3)";
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("conv-transpose2d-softmax-biasadd-scaling-sigmoid",
                 problems::ConvTranspose2dSoftmaxBiasAddScalingSigmoid);
