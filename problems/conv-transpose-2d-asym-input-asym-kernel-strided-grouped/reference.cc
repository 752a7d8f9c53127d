// ConvTranspose2d alone, no bias, with every knob: stride, padding,
// output_padding, dilation and groups (kernel (C_in, C_out / groups, K_h, K_w);
// group g maps input channels [g C_in/G, (g+1) C_in/G) to output channels
// [g C_out/G, (g+1) C_out/G)).
#include <vector>

#include "judge/problem/definition.h"
#include "problems/common/conv_transpose_problem.h"

namespace problems {
namespace {

class ConvTranspose2dStridedGrouped : public ConvTransposeProblem {
 public:
  ConvTranspose2dStridedGrouped() : ConvTransposeProblem({.spatial_axes = 2, .grouped_dilated = true}) {}

  std::vector<ParameterDecl> parameters() const override {
    std::vector<ParameterDecl> all = {{"input", "const float*"}, {"kernel", "const float*"}, {"output", "float*"}};
    for (const ParameterDecl& size : size_parameters()) all.push_back(size);
    return all;
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    return {{"input", input_shape(args)}, {"kernel", kernel_shape(args)}, {"output", output_shape(args, 1)}};
  }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const ConvTransposeGeometry g = geometry(args);
    const int64_t sample_out = g.out_channels * g.out_volume();
    float* output = outputs.at("output");
    for_each_sample(args, inputs, [&](int64_t n, double* x) { round_to_float(x, sample_out, output + n * sample_out); });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("conv-transpose-2d-asym-input-asym-kernel-strided-grouped",
                 problems::ConvTranspose2dStridedGrouped);
