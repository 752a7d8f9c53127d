// Conv2d (stride 1, no padding, with bias) -> GroupNorm -> multiply by a
// per-channel scale -> MaxPool (window = stride = pool_kernel, floor) ->
// clamp to [clamp_min, clamp_max]. Every stage after the convolution is per
// sample, so each sample runs start to finish on one thread.
//
// The convolution is im2col + one Eigen GEMM in double per chunk of output
// rows: (C_out, C_in * K_h * K_w) x (C_in * K_h * K_w, positions). The later
// stages are memory-bound, so they are fused per GroupNorm group (a few
// hundred KiB, cache-resident): two passes for the statistics, then one pass
// that applies bias, GroupNorm, scale, max-pool and clamp together.
#include <Eigen/Core>
#include <algorithm>
#include <cmath>

#include "judge/problem/definition.h"
#include "problems/common/normalization.h"  // kNormEpsilon, max_pool_plane
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

// conv[co, p] = sum over (ci, kh, kw) of kernel * input (no bias), one
// sample. Uses scratch_buffer slot 2 for the im2col columns.
void conv2d_sample(const Sizes& s, const RowMajorMatrix& kernel, const float* input, double* conv) {
  const int64_t reduce = s.in_channels * s.kernel_h * s.kernel_w;
  const int64_t out_h = s.conv_h(), out_w = s.conv_w();
  const int64_t chunk_rows = std::clamp<int64_t>(kColumnBudget / (reduce * out_w), 1, out_h);
  const int64_t chunk_capacity = chunk_rows * out_w;
  Eigen::Map<RowMajorMatrix> columns(scratch_buffer(2, reduce * chunk_capacity), reduce, chunk_capacity);
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
}

class Conv2dGroupNormScaleMaxPoolClamp : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    // [VAR]: float32 or float16; the judge hands float16 tensors over as
    // float32 (exactly), so the reference below serves both.
    return {{"input", "const [VAR]*"},    {"kernel", "const [VAR]*"}, {"conv_bias", "const [VAR]*"},
            {"gn_weight", "const [VAR]*"}, {"gn_bias", "const [VAR]*"}, {"scale", "const [VAR]*"},
            {"output", "[VAR]*"},          {"num_groups", "size_t"},     {"pool_kernel", "size_t"},
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
    const int64_t group_channels = s.out_channels / num_groups;
    const int64_t plane = conv_h * conv_w;
    const double group_count = static_cast<double>(group_channels * plane);
    parallel_for(s.batch, [&](int64_t n) {
      double* conv = scratch_buffer(0, s.out_channels * plane);
      conv2d_sample(s, kernel, input + n * s.in_channels * s.height * s.width, conv);
      float* out = output + n * s.out_channels * pooled_h * pooled_w;
      for (int64_t g = 0; g < num_groups; ++g) {
        // GroupNorm statistics of (conv + bias) over the group, two passes.
        const int64_t first = g * group_channels, last = first + group_channels;
        double sum = 0;
        for (int64_t c = first; c < last; ++c) {
          const double* values = conv + c * plane;
          for (int64_t p = 0; p < plane; ++p) sum += values[p] + bias[c];
        }
        const double mean = sum / group_count;
        double squares = 0;
        for (int64_t c = first; c < last; ++c) {
          const double* values = conv + c * plane;
          for (int64_t p = 0; p < plane; ++p) {
            const double centred = values[p] + bias[c] - mean;
            squares += centred * centred;
          }
        }
        const double inv_std = 1.0 / std::sqrt(squares / group_count + kNormEpsilon);
        // ((x + bias - mean) * inv_std * gn_weight + gn_bias) * scale as
        // x * factor + shift, maximised over each pool window, clamped.
        for (int64_t c = first; c < last; ++c) {
          const double factor = inv_std * gn_weight[c] * scale[c];
          const double shift = ((bias[c] - mean) * inv_std * gn_weight[c] + gn_bias[c]) * scale[c];
          float* out_plane = out + c * pooled_h * pooled_w;
          max_pool_plane(
              conv + c * plane, conv_h, conv_w, pool, [=](double v) { return v * factor + shift; },
              [=](int64_t i, double best) {
                out_plane[i] = static_cast<float>(std::min(std::max(best, clamp_min), clamp_max));
              });
        }
      }
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("conv2d-groupnorm-scale-maxpool-clamp", problems::Conv2dGroupNormScaleMaxPoolClamp);
