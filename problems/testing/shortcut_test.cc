// Test data must defeat shortcuts: a solution that skips work the statement
// requires must fail every check case under the problem's own tolerance.
// Here: conv-transpose2d-softmax-biasadd-scaling-sigmoid without the
// transposed convolution (softmax of conv_bias alone, the same at every
// position), which passes when the data makes the softmax collapse.
#include <gtest/gtest.h>

#include <cmath>

#include "judge/problem/case_data.h"
#include "judge/problem/problem.h"
#include "problems/testing/problems_root.h"

namespace problems::testing {
namespace {

// Elements outside the tolerance.
int64_t mismatches(const std::vector<float>& actual, std::span<const float> expected,
                   const judge::Tolerance& tolerance) {
  int64_t count = 0;
  for (size_t i = 0; i < actual.size(); ++i) {
    const double allowed = tolerance.atol + tolerance.rtol * std::abs(expected[i]);
    if (!(std::abs(static_cast<double>(actual[i]) - expected[i]) <= allowed)) ++count;
  }
  return count;
}

TEST(ShortcutTest, SoftmaxProblemFailsWithoutTheConvolution) {
  const judge::Catalogue catalogue(runfiles_problems_dir());
  const judge::Problem problem = catalogue.load("conv-transpose2d-softmax-biasadd-scaling-sigmoid");
  for (const judge::TestCase* test_case : problem.cases.tier(judge::Tier::kCheck)) {
    SCOPED_TRACE("case " + test_case->name);
    judge::CaseTensors tensors = judge::generate_case_inputs(problem, *test_case, 0);
    judge::compute_expected(problem, *test_case, tensors);
    const std::span<const float> expected = tensors.outputs.at("output").values<float>();
    const judge::Shape& shape = tensors.shapes.at("output");
    const int64_t channels = shape[1], plane = shape[2] * shape[3];
    const double scaling = test_case->args.real("scaling_factor");
    const std::span<const float> conv_bias = tensors.inputs.at("conv_bias").values<float>();
    const std::span<const float> add_bias = tensors.inputs.at("add_bias").values<float>();

    double max_bias = -INFINITY, sum = 0;
    for (float b : conv_bias) max_bias = std::max<double>(max_bias, b);
    for (float b : conv_bias) sum += std::exp(b - max_bias);
    std::vector<float> shortcut(expected.size());
    for (int64_t n = 0; n < shape[0]; ++n)
      for (int64_t c = 0; c < channels; ++c) {
        const double z = (std::exp(conv_bias[c] - max_bias) / sum + add_bias[c]) * scaling;
        for (int64_t p = 0; p < plane; ++p) {
          shortcut[(n * channels + c) * plane + p] = static_cast<float>(1.0 / (1.0 + std::exp(-z)));
        }
      }
    const int64_t wrong = mismatches(shortcut, expected, problem.tolerance());
    EXPECT_GT(wrong * 100, static_cast<int64_t>(expected.size()))
        << "the shortcut matches all but " << wrong << " of " << expected.size() << " elements";
  }
}

}  // namespace
}  // namespace problems::testing
