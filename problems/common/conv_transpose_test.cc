// Checks the GEMM + scatter transposed convolution against the definition
// written as a direct loop (every input element, every tap), on geometries
// that exercise groups, dilation, stride, padding, output_padding, 3-D and
// chunking, and checks the multiply-add count against the same loop.
#include "problems/common/conv_transpose.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

namespace problems {
namespace {

struct DirectResult {
  std::vector<double> output;
  int64_t landed_taps = 0;  // per (co, ci-in-group) pair
};

DirectResult direct_conv_transpose(const ConvTransposeGeometry& g, const std::vector<float>& input,
                                   const std::vector<float>& kernel) {
  const int64_t in_g = g.in_channels / g.groups, out_g = g.out_channels / g.groups;
  const int64_t od_n = g.out_size(0), oh_n = g.out_size(1), ow_n = g.out_size(2);
  DirectResult result;
  result.output.assign(g.out_channels * od_n * oh_n * ow_n, 0.0);
  int64_t landed = 0;
  for (int64_t ci = 0; ci < g.in_channels; ++ci)
    for (int64_t id = 0; id < g.in_size[0]; ++id)
      for (int64_t ih = 0; ih < g.in_size[1]; ++ih)
        for (int64_t iw = 0; iw < g.in_size[2]; ++iw)
          for (int64_t kd = 0; kd < g.kernel[0]; ++kd)
            for (int64_t kh = 0; kh < g.kernel[1]; ++kh)
              for (int64_t kw = 0; kw < g.kernel[2]; ++kw) {
                const int64_t od = id * g.stride[0] - g.padding[0] + kd * g.dilation[0];
                const int64_t oh = ih * g.stride[1] - g.padding[1] + kh * g.dilation[1];
                const int64_t ow = iw * g.stride[2] - g.padding[2] + kw * g.dilation[2];
                if (od < 0 || od >= od_n || oh < 0 || oh >= oh_n || ow < 0 || ow >= ow_n) continue;
                if (ci == 0) ++landed;
                const int64_t group = ci / in_g;
                const double x = input[((ci * g.in_size[0] + id) * g.in_size[1] + ih) * g.in_size[2] + iw];
                for (int64_t co = 0; co < out_g; ++co) {
                  const double w =
                      kernel[(((ci * out_g + co) * g.kernel[0] + kd) * g.kernel[1] + kh) * g.kernel[2] + kw];
                  result.output[(((group * out_g + co) * od_n + od) * oh_n + oh) * ow_n + ow] += x * w;
                }
              }
  result.landed_taps = landed;
  return result;
}

void expect_matches_direct(const ConvTransposeGeometry& g) {
  std::mt19937 rng(1234);
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  std::vector<float> input(g.in_channels * g.in_volume());
  std::vector<float> kernel(g.in_channels * (g.out_channels / g.groups) * g.kernel_volume());
  for (float& v : input) v = uniform(rng);
  for (float& v : kernel) v = uniform(rng);

  ConvTranspose conv(g, kernel.data());
  std::vector<double> output(g.out_channels * g.out_volume(), NAN);
  conv.run_sample(input.data(), output.data());
  DirectResult expected = direct_conv_transpose(g, input, kernel);
  ASSERT_EQ(output.size(), expected.output.size());
  for (size_t i = 0; i < output.size(); ++i) {
    ASSERT_NEAR(output[i], expected.output[i], 1e-12 * (1 + std::abs(expected.output[i])))
        << "element " << i;
  }
  EXPECT_EQ(g.contributing_pairs(), expected.landed_taps);
}

struct NamedGeometry {
  const char* name;
  ConvTransposeGeometry geometry;
};

class MatchesDirectTest : public ::testing::TestWithParam<NamedGeometry> {};

TEST_P(MatchesDirectTest, OutputAndTapCount) { expect_matches_direct(GetParam().geometry); }

INSTANTIATE_TEST_SUITE_P(
    ConvTransposeTest, MatchesDirectTest,
    ::testing::Values(
        NamedGeometry{"PlainStrideOne2D",
                      {.in_channels = 3, .out_channels = 5, .in_size = {1, 7, 6}, .kernel = {1, 3, 3},
                       .padding = {0, 1, 1}}},
        NamedGeometry{"GroupedDilatedStridedAsymmetric2D",
                      {.in_channels = 6,
                       .out_channels = 9,
                       .groups = 3,
                       .in_size = {1, 5, 8},
                       .kernel = {1, 3, 5},
                       .stride = {1, 2, 3},
                       .padding = {0, 1, 2},
                       .output_padding = {0, 1, 0},
                       .dilation = {1, 2, 1}}},
        NamedGeometry{"ThreeDimensionalWithOutputPadding",
                      {.in_channels = 4,
                       .out_channels = 3,
                       .in_size = {3, 4, 5},
                       .kernel = {3, 3, 2},
                       .stride = {2, 2, 2},
                       .padding = {1, 1, 0},
                       .output_padding = {1, 1, 1}}},
        // 64 * 25 rows x 40 columns per input row: several chunks of input rows.
        NamedGeometry{"ChunkedWhenColumnsExceedBudget",
                      {.in_channels = 2, .out_channels = 64, .in_size = {1, 40, 40}, .kernel = {1, 5, 5},
                       .padding = {0, 2, 2}}}),
    [](const ::testing::TestParamInfo<NamedGeometry>& info) { return std::string(info.param.name); });

TEST(ConvTransposeTest, PaddingLargerThanKernelReachCountsNoTaps) {
  ConvTransposeGeometry g;
  g.in_channels = 1, g.out_channels = 1;
  g.in_size = {1, 4, 4}, g.kernel = {1, 3, 3}, g.padding = {0, 1, 1};
  // out = 4 - 2 + 2 + 1 = 4 on each axis; per axis 3 taps x 4 inputs = 12
  // pairs, minus the 2 that fall off the edges.
  EXPECT_EQ(g.contributing_pairs(), 10 * 10);
}

}  // namespace
}  // namespace problems
