// Normalisations and pooling on one sample held in double, shared by the
// problem references. Layout is channel-major: x[c * spatial + s].
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace problems {

// The epsilon every seed problem's normalisation uses (framework default).
constexpr double kNormEpsilon = 1e-5;

// GroupNorm of one sample, in place: channels split into `groups`
// contiguous groups; per group, mean and biased variance over (channels of
// the group, spatial) (two passes, in double), then
// (x - mean) / sqrt(var + eps) * weight[c] + bias[c].
void group_norm_sample(double* x, int64_t channels, int64_t spatial, int64_t groups,
                       const float* weight, const float* bias);

// Max pooling of one (height, width) plane with window = stride = `window`,
// no padding, floor mode (a ragged edge is dropped), of value(x) for each
// element x: store(index, maximum) for each pooled index (row-major over
// (height / window, width / window)). value lets a caller fuse an
// elementwise stage into the pool without a pass over the plane.
template <typename Value, typename Store>
void max_pool_plane(const double* plane, int64_t height, int64_t width, int64_t window, Value value, Store store) {
  const int64_t pooled_h = height / window, pooled_w = width / window;
  for (int64_t ph = 0; ph < pooled_h; ++ph) {
    for (int64_t pw = 0; pw < pooled_w; ++pw) {
      double best = -INFINITY;
      for (int64_t dh = 0; dh < window; ++dh) {
        const double* row = plane + (ph * window + dh) * width + pw * window;
        for (int64_t dw = 0; dw < window; ++dw) best = std::max(best, value(row[dw]));
      }
      store(ph * pooled_w + pw, best);
    }
  }
}

// Max pooling of one sample, each plane by max_pool_plane:
// (C, H, W) -> (C, H / window, W / window).
void max_pool_2d_sample(const double* x, int64_t channels, int64_t height, int64_t width,
                        int64_t window, double* pooled);

}  // namespace problems
