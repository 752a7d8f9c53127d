#include "problems/common/pooling.h"

#include <algorithm>
#include <cmath>

#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {

int64_t pooled_extent(int64_t in, int64_t kernel, int64_t stride, int64_t padding, int64_t dilation) {
  const int64_t span = in + 2 * padding - dilation * (kernel - 1) - 1;
  // Floor division: a negative span means no window fits.
  return span < 0 ? 0 : span / stride + 1;
}

PoolGeometry pool_geometry(const judge::ScalarArgs& args, const std::vector<std::string>& extent_names,
                           bool has_dilation) {
  PoolGeometry g;
  for (const std::string& name : extent_names) g.in.push_back(size_at_least(args, name, 1));
  g.kernel = size_at_least(args, "kernel_size", 1);
  g.stride = size_at_least(args, "stride", 1);
  g.dilation = has_dilation ? size_at_least(args, "dilation", 1) : 1;
  g.padding = size_at_least(args, "padding", 0);
  require(g.padding <= g.kernel / 2,
          "parameter 'padding' = " + std::to_string(g.padding) + " must be at most kernel_size / 2 = " +
              std::to_string(g.kernel / 2) + " (the framework's rule)");
  const int64_t window = g.dilation * (g.kernel - 1) + 1;
  for (std::size_t a = 0; a < extent_names.size(); ++a) {
    const int64_t out = pooled_extent(g.in[a], g.kernel, g.stride, g.padding, g.dilation);
    require(out >= 1, "parameter '" + extent_names[a] + "' = " + std::to_string(g.in[a]) +
                          " is too small for one window: " + extent_names[a] + " + 2 * padding = " +
                          std::to_string(g.in[a] + 2 * g.padding) + " < dilation * (kernel_size - 1) + 1 = " +
                          std::to_string(window));
    g.out.push_back(out);
  }
  return g;
}

void pool(PoolKind kind, const PoolGeometry& geometry, const float* input, float* output) {
  // Missing leading axes become extent-1 axes with a 1-wide window, so one
  // three-axis loop serves 1 to 3 axes.
  const int axes = static_cast<int>(geometry.in.size());
  int64_t in[3] = {1, 1, 1}, out[3] = {1, 1, 1}, kernel[3] = {1, 1, 1}, padding[3] = {0, 0, 0};
  for (int a = 0; a < axes; ++a) {
    in[3 - axes + a] = geometry.in[a];
    out[3 - axes + a] = geometry.out[a];
    kernel[3 - axes + a] = geometry.kernel;
    padding[3 - axes + a] = geometry.padding;
  }
  const int64_t stride = geometry.stride, dilation = geometry.dilation;
  // count_include_pad: padded taps count, so every window has kernel^axes taps.
  const double divisor = std::pow(static_cast<double>(geometry.kernel), axes);
  const int64_t total = out[0] * out[1] * out[2];
  constexpr int64_t kChunk = 1 << 14;
  parallel_for((total + kChunk - 1) / kChunk, [&](int64_t chunk) {
    const int64_t end = std::min(total, (chunk + 1) * kChunk);
    for (int64_t i = chunk * kChunk; i < end; ++i) {
      const int64_t o2 = i % out[2], o1 = (i / out[2]) % out[1], o0 = i / (out[2] * out[1]);
      double best = -INFINITY, sum = 0.0;
      for (int64_t m0 = 0; m0 < kernel[0]; ++m0) {
        const int64_t x0 = o0 * stride - padding[0] + m0 * dilation;
        if (x0 < 0 || x0 >= in[0]) continue;
        for (int64_t m1 = 0; m1 < kernel[1]; ++m1) {
          const int64_t x1 = o1 * stride - padding[1] + m1 * dilation;
          if (x1 < 0 || x1 >= in[1]) continue;
          const float* row = input + (x0 * in[1] + x1) * in[2];
          for (int64_t m2 = 0; m2 < kernel[2]; ++m2) {
            const int64_t x2 = o2 * stride - padding[2] + m2 * dilation;
            if (x2 < 0 || x2 >= in[2]) continue;
            const double v = row[x2];
            best = std::max(best, v);
            sum += v;
          }
        }
      }
      output[i] = static_cast<float>(kind == PoolKind::kMax ? best : sum / divisor);
    }
  });
}

std::vector<judge::ProblemDefinition::ParameterDecl> PoolingProblem::parameters() const {
  std::vector<ParameterDecl> all = {{"input", "const float*"}, {"kernel_size", "int"}, {"stride", "int"},
                                    {"padding", "int"}};
  if (m_kind == PoolKind::kMax) all.push_back({"dilation", "int"});
  all.push_back({"output", "float*"});
  for (const std::string& extent : m_extents) all.push_back({extent, "size_t"});
  return all;
}

std::map<std::string, judge::Shape> PoolingProblem::tensor_shapes(const judge::ScalarArgs& args) const {
  const PoolGeometry g = geometry(args);
  return {{"input", g.in}, {"output", g.out}};
}

void PoolingProblem::reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                               const judge::MutableTensors& outputs) const {
  pool(m_kind, geometry(args), inputs.at("input"), outputs.at("output"));
}

double undilated_window_count(const PoolGeometry& geometry) {
  double windows = 1;
  for (int64_t in : geometry.in) {
    windows *= static_cast<double>(pooled_extent(in, geometry.kernel, geometry.stride, geometry.padding, 1));
  }
  return windows;
}

double output_count(const PoolGeometry& geometry) {
  int64_t count = 1;
  for (int64_t out : geometry.out) count *= out;
  return static_cast<double>(count);
}

double window_taps(const PoolGeometry& geometry) {
  int64_t taps = 1;
  for (std::size_t axis = 0; axis < geometry.in.size(); ++axis) taps *= geometry.kernel;
  return static_cast<double>(taps);
}

}  // namespace problems
