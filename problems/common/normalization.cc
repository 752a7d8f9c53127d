#include "problems/common/normalization.h"

#include <algorithm>
#include <cmath>

namespace problems {

void group_norm_sample(double* x, int64_t channels, int64_t spatial, int64_t groups,
                       const float* weight, const float* bias) {
  const int64_t group_channels = channels / groups;
  const int64_t group_size = group_channels * spatial;
  for (int64_t g = 0; g < groups; ++g) {
    double* values = x + g * group_size;
    double sum = 0;
    for (int64_t i = 0; i < group_size; ++i) sum += values[i];
    const double mean = sum / static_cast<double>(group_size);
    double squares = 0;
    for (int64_t i = 0; i < group_size; ++i) squares += (values[i] - mean) * (values[i] - mean);
    const double inv_std = 1.0 / std::sqrt(squares / static_cast<double>(group_size) + kNormEpsilon);
    for (int64_t c = 0; c < group_channels; ++c) {
      const int64_t channel = g * group_channels + c;
      const double scale = inv_std * weight[channel];
      const double shift = bias[channel];
      double* plane = values + c * spatial;
      for (int64_t s = 0; s < spatial; ++s) plane[s] = (plane[s] - mean) * scale + shift;
    }
  }
}

void max_pool_2d_sample(const double* x, int64_t channels, int64_t height, int64_t width,
                        int64_t window, double* pooled) {
  const int64_t pooled_plane = (height / window) * (width / window);
  for (int64_t c = 0; c < channels; ++c) {
    double* out = pooled + c * pooled_plane;
    max_pool_plane(
        x + c * height * width, height, width, window, [](double v) { return v; },
        [out](int64_t i, double best) { out[i] = best; });
  }
}

}  // namespace problems
