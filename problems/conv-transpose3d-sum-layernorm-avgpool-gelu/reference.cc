// ConvTranspose3d (ungrouped, no bias) -> add the scalar sum_weight ->
// LayerNorm over the channel axis at every (n, d, h, w) (no affine) ->
// AvgPool 2x2x2 stride 2 (floor) -> exact GELU.
//
// The transposed-convolution output is 1 GiB in float32 at upstream size;
// every later stage is per sample, so it is streamed one sample at a time
// per thread in a double buffer (C_out * D_c * H_c * W_c doubles).
#include <algorithm>
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

double exact_gelu(double x) { return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0))); }

class ConvTranspose3dSumLayerNormAvgPoolGelu : public ConvTransposeProblem {
 public:
  ConvTranspose3dSumLayerNormAvgPoolGelu()
      : ConvTransposeProblem({.spatial_axes = 3,
                              .min_output = kPoolWindow,
                              .min_output_reason = "the 2x2x2 average-pool window"}) {}

  std::vector<ParameterDecl> parameters() const override {
    std::vector<ParameterDecl> all = {{"input", "const float*"}, {"kernel", "const float*"}, {"output", "float*"}};
    for (const ParameterDecl& size : size_parameters()) all.push_back(size);
    all.push_back({"sum_weight", "double"});
    return all;
  }

  void validate(const judge::ScalarArgs& args) const override {
    ConvTransposeProblem::validate(args);
    finite_real(args, "sum_weight");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    return {{"input", input_shape(args)}, {"kernel", kernel_shape(args)}, {"output", output_shape(args, kPoolWindow)}};
  }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const ConvTransposeGeometry g = geometry(args);
    const double sum_weight = args.real("sum_weight");
    const int64_t channels = g.out_channels;
    const int64_t cd = g.out_size(0), ch = g.out_size(1), cw = g.out_size(2);
    const int64_t volume = cd * ch * cw;
    const int64_t pd = cd / kPoolWindow, ph = ch / kPoolWindow, pw = cw / kPoolWindow;
    float* output = outputs.at("output");

    for_each_sample(args, inputs, [&](int64_t n, double* x) {
      // LayerNorm over channels: per position, mean and biased variance of
      // (x + sum_weight) over c; loops run over contiguous positions.
      double* mean = scratch_buffer(1, volume);
      double* inv_std = scratch_buffer(2, volume);
      std::fill(mean, mean + volume, 0.0);
      std::fill(inv_std, inv_std + volume, 0.0);
      for (int64_t c = 0; c < channels; ++c) {
        double* plane = x + c * volume;
        for (int64_t p = 0; p < volume; ++p) {
          plane[p] += sum_weight;
          mean[p] += plane[p];
        }
      }
      for (int64_t p = 0; p < volume; ++p) mean[p] /= static_cast<double>(channels);
      for (int64_t c = 0; c < channels; ++c) {
        const double* plane = x + c * volume;
        for (int64_t p = 0; p < volume; ++p) inv_std[p] += (plane[p] - mean[p]) * (plane[p] - mean[p]);
      }
      for (int64_t p = 0; p < volume; ++p) {
        inv_std[p] = 1.0 / std::sqrt(inv_std[p] / static_cast<double>(channels) + kNormEpsilon);
      }
      for (int64_t c = 0; c < channels; ++c) {
        double* plane = x + c * volume;
        for (int64_t p = 0; p < volume; ++p) plane[p] = (plane[p] - mean[p]) * inv_std[p];
      }
      // Average pool 2x2x2 (floor), then GELU.
      float* out = output + n * channels * pd * ph * pw;
      for (int64_t c = 0; c < channels; ++c) {
        const double* plane = x + c * volume;
        for (int64_t od = 0; od < pd; ++od)
          for (int64_t oh = 0; oh < ph; ++oh)
            for (int64_t ow = 0; ow < pw; ++ow) {
              double sum = 0;
              for (int64_t dd = 0; dd < kPoolWindow; ++dd)
                for (int64_t dh = 0; dh < kPoolWindow; ++dh) {
                  const double* row = plane + ((od * kPoolWindow + dd) * ch + oh * kPoolWindow + dh) * cw +
                                      ow * kPoolWindow;
                  for (int64_t dw = 0; dw < kPoolWindow; ++dw) sum += row[dw];
                }
              out[((c * pd + od) * ph + oh) * pw + ow] = static_cast<float>(exact_gelu(sum / (kPoolWindow * kPoolWindow * kPoolWindow)));
            }
      }
    });
  }

 protected:
  double later_stages_flops(const judge::ScalarArgs& args) const override {
    return 5 * output_elements(args, 1) + 13 * output_elements(args, kPoolWindow);
  }
  std::string later_stages_flop_formula() const override {
    return "5 * B * C_out * D_c * H_c * W_c (sum 1, layer norm 4) + 13 * B * C_out * D_p * H_p * W_p (average pool 8, "
           "GELU 5)";
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("conv-transpose3d-sum-layernorm-avgpool-gelu",
                 problems::ConvTranspose3dSumLayerNormAvgPoolGelu);
