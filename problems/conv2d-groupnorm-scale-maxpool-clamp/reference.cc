// Conv2d (stride 1, no padding, with bias) -> GroupNorm -> multiply by a
// per-channel scale -> MaxPool (window = stride = pool_kernel, floor) ->
// clamp to [clamp_min, clamp_max]. Every stage after the convolution is per
// sample, so each sample runs start to finish on one thread.
//
// The convolution is im2col + one Eigen GEMM in double per chunk of output
// rows: (C_out, C_in * K_h * K_w) x (C_in * K_h * K_w, positions).
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <vector>

#include "judge/problem/definition.h"
#include "problems/common/normalization.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

using RowMajorMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// im2col buffer budget in doubles (8 MiB per thread).
constexpr int64_t kColumnBudget = int64_t{1} << 20;

struct Sizes {
  int64_t batch, in_channels, out_channels, height, width, kernel_h, kernel_w;
  int64_t conv_h() const { return height - kernel_h + 1; }
  int64_t conv_w() const { return width - kernel_w + 1; }
};

Sizes sizes_of(const judge::ScalarArgs& args) {
  return {args.integer("batch_size"), args.integer("in_channels"), args.integer("out_channels"),
          args.integer("height"),     args.integer("width"),       args.integer("kernel_h"),
          args.integer("kernel_w")};
}

// conv[co, p] = bias[co] + sum over (ci, kh, kw) of kernel * input, one sample.
void conv2d_sample(const Sizes& s, const RowMajorMatrix& kernel, const float* bias,
                   const float* input, double* conv) {
  const int64_t reduce = s.in_channels * s.kernel_h * s.kernel_w;
  const int64_t out_h = s.conv_h(), out_w = s.conv_w();
  const int64_t chunk_rows = std::clamp<int64_t>(kColumnBudget / (reduce * out_w), 1, out_h);
  RowMajorMatrix columns(reduce, chunk_rows * out_w);
  for (int64_t first = 0; first < out_h; first += chunk_rows) {
    const int64_t rows = std::min(chunk_rows, out_h - first);
    const int64_t width = rows * out_w;
    for (int64_t ci = 0; ci < s.in_channels; ++ci)
      for (int64_t kh = 0; kh < s.kernel_h; ++kh)
        for (int64_t kw = 0; kw < s.kernel_w; ++kw) {
          double* target = columns.data() + ((ci * s.kernel_h + kh) * s.kernel_w + kw) * columns.cols();
          for (int64_t r = 0; r < rows; ++r) {
            const float* source = input + (ci * s.height + first + r + kh) * s.width + kw;
            for (int64_t ow = 0; ow < out_w; ++ow) target[r * out_w + ow] = source[ow];
          }
        }
    Eigen::Map<RowMajorMatrix, 0, Eigen::OuterStride<>> result(
        conv + first * out_w, s.out_channels, width, Eigen::OuterStride<>(out_h * out_w));
    result.noalias() = kernel * columns.leftCols(width);
  }
  for (int64_t co = 0; co < s.out_channels; ++co) {
    double* plane = conv + co * out_h * out_w;
    for (int64_t p = 0; p < out_h * out_w; ++p) plane[p] += bias[co];
  }
}

class Conv2dGroupNormScaleMaxPoolClamp : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input", "const float*"},    {"kernel", "const float*"}, {"conv_bias", "const float*"},
            {"gn_weight", "const float*"}, {"gn_bias", "const float*"}, {"scale", "const float*"},
            {"output", "float*"},          {"num_groups", "size_t"},   {"pool_kernel", "size_t"},
            {"clamp_min", "double"},       {"clamp_max", "double"},    {"batch_size", "size_t"},
            {"in_channels", "size_t"},     {"out_channels", "size_t"}, {"height", "size_t"},
            {"width", "size_t"},           {"kernel_h", "size_t"},     {"kernel_w", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    for (const char* name : {"num_groups", "pool_kernel", "batch_size", "in_channels",
                             "out_channels", "height", "width", "kernel_h", "kernel_w"}) {
      size_at_least(args, name, 1);
    }
    const double low = finite_real(args, "clamp_min"), high = finite_real(args, "clamp_max");
    require(low <= high, "parameter 'clamp_min' = " + std::to_string(low) +
                             " must not exceed 'clamp_max' = " + std::to_string(high));
    const Sizes s = sizes_of(args);
    require(s.kernel_h <= s.height, "parameter 'kernel_h' = " + std::to_string(s.kernel_h) +
                                        " must not exceed 'height' = " + std::to_string(s.height));
    require(s.kernel_w <= s.width, "parameter 'kernel_w' = " + std::to_string(s.kernel_w) +
                                       " must not exceed 'width' = " + std::to_string(s.width));
    require_divides("num_groups", args.integer("num_groups"), "out_channels", s.out_channels);
    const int64_t pool = args.integer("pool_kernel");
    require(pool <= s.conv_h() && pool <= s.conv_w(),
            "parameter 'pool_kernel' = " + std::to_string(pool) +
                " is larger than the convolution output (" + std::to_string(s.conv_h()) + " x " +
                std::to_string(s.conv_w()) + ")");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const Sizes s = sizes_of(args);
    const int64_t pool = args.integer("pool_kernel");
    return {{"input", {s.batch, s.in_channels, s.height, s.width}},
            {"kernel", {s.out_channels, s.in_channels, s.kernel_h, s.kernel_w}},
            {"conv_bias", {s.out_channels}},
            {"gn_weight", {s.out_channels}},
            {"gn_bias", {s.out_channels}},
            {"scale", {s.out_channels, 1, 1}},
            {"output", {s.batch, s.out_channels, s.conv_h() / pool, s.conv_w() / pool}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const Sizes s = sizes_of(args);
    const double pool = args.integer("pool_kernel");
    const double conv_elements = static_cast<double>(s.batch) * s.out_channels * s.conv_h() * s.conv_w();
    const double pooled = static_cast<double>(s.batch) * s.out_channels *
                          (s.conv_h() / args.integer("pool_kernel")) *
                          (s.conv_w() / args.integer("pool_kernel"));
    return conv_elements * (2.0 * s.in_channels * s.kernel_h * s.kernel_w + 6) +
           pooled * (pool * pool - 1 + 2);
  }

  std::string flop_formula() const override {
    return "B * C_out * H_c * W_c * (2 * C_in * K_h * K_w + 6) (convolution, bias 1, group norm "
           "4, scale 1) + B * C_out * H_p * W_p * (pool_kernel^2 - 1 + 2) (max-pool comparisons, "
           "clamp 2); H_c = H - K_h + 1, H_p = floor(H_c / pool_kernel)";
  }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const Sizes s = sizes_of(args);
    const int64_t pool = args.integer("pool_kernel");
    const int64_t num_groups = args.integer("num_groups");
    const double clamp_min = args.real("clamp_min"), clamp_max = args.real("clamp_max");
    const int64_t conv_h = s.conv_h(), conv_w = s.conv_w();
    const int64_t pooled_h = conv_h / pool, pooled_w = conv_w / pool;
    const float* input = inputs.at("input");
    const float* bias = inputs.at("conv_bias");
    const float* gn_weight = inputs.at("gn_weight");
    const float* gn_bias = inputs.at("gn_bias");
    const float* scale = inputs.at("scale");
    float* output = outputs.at("output");

    RowMajorMatrix kernel = Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
                                inputs.at("kernel"), s.out_channels, s.in_channels * s.kernel_h * s.kernel_w)
                                .cast<double>();
    parallel_for(s.batch, [&](int64_t n) {
      std::vector<double> conv(s.out_channels * conv_h * conv_w);
      conv2d_sample(s, kernel, bias, input + n * s.in_channels * s.height * s.width, conv.data());
      group_norm_sample(conv.data(), s.out_channels, conv_h * conv_w, num_groups, gn_weight, gn_bias);
      for (int64_t c = 0; c < s.out_channels; ++c) {
        double* plane = conv.data() + c * conv_h * conv_w;
        for (int64_t p = 0; p < conv_h * conv_w; ++p) plane[p] *= scale[c];
      }
      std::vector<double> pooled(s.out_channels * pooled_h * pooled_w);
      max_pool_2d_sample(conv.data(), s.out_channels, conv_h, conv_w, pool, pooled.data());
      float* out = output + n * s.out_channels * pooled_h * pooled_w;
      for (size_t i = 0; i < pooled.size(); ++i) {
        out[i] = static_cast<float>(std::min(std::max(pooled[i], clamp_min), clamp_max));
      }
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("conv2d-groupnorm-scale-maxpool-clamp", problems::Conv2dGroupNormScaleMaxPoolClamp);
