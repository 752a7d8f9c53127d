// Normalisations and pooling on one sample held in double, shared by the
// problem references. Layout is channel-major: x[c * spatial + s].
#pragma once

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

// Max pooling of one sample with window = stride = `window`, no padding,
// floor mode (a ragged edge is dropped): (C, H, W) -> (C, H / window, W / window).
void max_pool_2d_sample(const double* x, int64_t channels, int64_t height, int64_t width,
                        int64_t window, double* pooled);

}  // namespace problems
