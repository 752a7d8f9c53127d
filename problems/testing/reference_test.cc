// Checks every problem folder against its own documentation, without PyTorch:
// each folder loads (statement ABI = definition ABI, every case validates),
// the tiers have the required cases, tensor_shapes() gives the output size
// the statement's formula gives (restated here independently), each
// validate() rule rejects a case that breaks it with a message naming the
// parameter, and on every check case the reference output is finite, not
// constant and not dominated by one value (a saturated clamp or a collapsed
// softmax would let a shortcut solution pass).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>
#include <set>

#include "judge/problem/case_data.h"
#include "judge/problem/problem.h"
#include "problems/testing/problems_root.h"

namespace problems::testing {
namespace {

using judge::ScalarArgs;
using judge::Shape;

const judge::Catalogue& catalogue() {
  static const judge::Catalogue instance(runfiles_problems_dir());
  return instance;
}

int64_t get(const ScalarArgs& args, const std::string& name) { return args.integer(name); }

int64_t transposed(const ScalarArgs& a, const std::string& axis, bool has_dilation) {
  const int64_t dilation = has_dilation ? get(a, "dilation_" + axis) : 1;
  const std::string size_name = axis == "h" ? "height" : axis == "w" ? "width" : "depth";
  return (get(a, size_name) - 1) * get(a, "stride_" + axis) - 2 * get(a, "padding_" + axis) +
         dilation * (get(a, "kernel_" + axis) - 1) + get(a, "output_padding_" + axis) + 1;
}

// The output shape each statement documents, written out again from the
// formulas in the statements rather than taken from the definitions.
const std::map<std::string, std::function<Shape(const ScalarArgs&)>>& documented_output_shapes() {
  static const std::map<std::string, std::function<Shape(const ScalarArgs&)>> table = {
      {"conv-transpose2d-batchnorm-tanh-maxpool-groupnorm",
       [](const ScalarArgs& a) -> Shape {
         return {get(a, "batch_size"), get(a, "out_channels"), transposed(a, "h", false) / 2,
                 transposed(a, "w", false) / 2};
       }},
      {"conv2d-groupnorm-scale-maxpool-clamp",
       [](const ScalarArgs& a) -> Shape {
         const int64_t pool = get(a, "pool_kernel");
         return {get(a, "batch_size"), get(a, "out_channels"),
                 (get(a, "height") - get(a, "kernel_h") + 1) / pool,
                 (get(a, "width") - get(a, "kernel_w") + 1) / pool};
       }},
      {"conv-transpose3d-sum-layernorm-avgpool-gelu",
       [](const ScalarArgs& a) -> Shape {
         return {get(a, "batch_size"), get(a, "out_channels"), transposed(a, "d", false) / 2,
                 transposed(a, "h", false) / 2, transposed(a, "w", false) / 2};
       }},
      {"conv-transpose-2d-asym-input-asym-kernel-strided-grouped",
       [](const ScalarArgs& a) -> Shape {
         return {get(a, "batch_size"), get(a, "out_channels"), transposed(a, "h", true),
                 transposed(a, "w", true)};
       }},
      {"conv-transpose2d-softmax-biasadd-scaling-sigmoid",
       [](const ScalarArgs& a) -> Shape {
         return {get(a, "batch_size"), get(a, "out_channels"), transposed(a, "h", false),
                 transposed(a, "w", false)};
       }},
  };
  return table;
}

struct InvalidEdit {
  std::string rule;
  std::map<std::string, double> changes;  // applied to the sample case
  std::string named_parameter;            // must appear in the message
};

// One parameter set per validate() rule, as edits of the sample case.
const std::map<std::string, std::vector<InvalidEdit>>& invalid_edits() {
  static const std::map<std::string, std::vector<InvalidEdit>> table = {
      {"conv-transpose2d-batchnorm-tanh-maxpool-groupnorm",
       {{"zero batch", {{"batch_size", 0}}, "batch_size"},
        {"zero channels", {{"in_channels", 0}}, "in_channels"},
        {"zero stride", {{"stride_w", 0}}, "stride_w"},
        {"zero groups", {{"groups", 0}}, "groups"},
        {"output_padding >= stride", {{"output_padding_h", 1}}, "output_padding_h"},
        {"num_groups not dividing C_out", {{"num_groups", 3}}, "num_groups"},
        {"conv output below pool window", {{"height", 1}, {"padding_h", 2}}, "height"}}},
      {"conv2d-groupnorm-scale-maxpool-clamp",
       {{"zero width", {{"width", 0}}, "width"},
        {"zero pool", {{"pool_kernel", 0}}, "pool_kernel"},
        {"kernel larger than image", {{"kernel_h", 7}}, "kernel_h"},
        {"num_groups not dividing C_out", {{"num_groups", 3}}, "num_groups"},
        {"pool window larger than conv output", {{"pool_kernel", 5}}, "pool_kernel"},
        {"clamp_min above clamp_max", {{"clamp_min", 2.0}}, "clamp_min"},
        {"non-finite clamp", {{"clamp_max", INFINITY}}, "clamp_max"}}},
      {"conv-transpose3d-sum-layernorm-avgpool-gelu",
       {{"zero depth", {{"depth", 0}}, "depth"},
        {"zero kernel", {{"kernel_d", 0}}, "kernel_d"},
        {"output_padding >= stride", {{"output_padding_w", 2}}, "output_padding_w"},
        {"conv output below pool window",
         {{"depth", 1}, {"kernel_d", 1}, {"padding_d", 0}, {"output_padding_d", 0}},
         "depth"},
        {"non-finite sum_weight", {{"sum_weight", NAN}}, "sum_weight"}}},
      {"conv-transpose-2d-asym-input-asym-kernel-strided-grouped",
       {{"zero dilation", {{"dilation_h", 0}}, "dilation_h"},
        {"groups not dividing C_in", {{"groups", 3}, {"out_channels", 6}}, "in_channels"},
        {"groups not dividing C_out", {{"out_channels", 5}}, "out_channels"},
        {"output_padding >= max(stride, dilation)", {{"output_padding_w", 2}}, "output_padding_w"},
        {"output below 1", {{"height", 1}, {"kernel_h", 1}, {"padding_h", 1}}, "height"}}},
      {"conv-transpose2d-softmax-biasadd-scaling-sigmoid",
       {{"zero out_channels", {{"out_channels", 0}}, "out_channels"},
        {"output_padding >= stride", {{"output_padding_h", 2}}, "output_padding_h"},
        {"output below 1", {{"height", 1}, {"kernel_h", 1}, {"padding_h", 1}, {"output_padding_h", 0}},
         "height"},
        {"non-finite scaling", {{"scaling_factor", INFINITY}}, "scaling_factor"}}},
  };
  return table;
}

class ProblemTest : public ::testing::TestWithParam<std::string> {
 protected:
  static const judge::Problem& problem(const std::string& slug) {
    static std::map<std::string, judge::Problem> loaded;
    auto it = loaded.find(slug);
    if (it == loaded.end()) it = loaded.emplace(slug, catalogue().load(slug)).first;
    return it->second;
  }
};

TEST(CatalogueTest, EveryFolderHasADefinitionAndEveryDefinitionAFolder) {
  const std::vector<std::string> folders = catalogue().slugs();
  const std::vector<std::string> registered = judge::registered_slugs();
  EXPECT_EQ(std::set<std::string>(folders.begin(), folders.end()),
            std::set<std::string>(registered.begin(), registered.end()));
  EXPECT_GE(folders.size(), 5u) << "the five seed problems at least";
}

TEST_P(ProblemTest, TiersHaveTheRequiredCases) {
  const judge::Problem& p = problem(GetParam());
  EXPECT_EQ(p.cases.tier(judge::Tier::kSample).size(), 1u);
  EXPECT_GE(p.cases.tier(judge::Tier::kCheck).size(), 6u);
  EXPECT_GE(p.cases.tier(judge::Tier::kFull).size(), 3u);
  const judge::TestCase* upstream = p.cases.find("upstream");
  ASSERT_NE(upstream, nullptr) << GetParam() << ": no case named 'upstream'";
  EXPECT_EQ(upstream->tier, judge::Tier::kFull);
  EXPECT_LT(p.tolerance().atol, 5e-3) << "tighter than the upstream port's tolerance";
}

TEST_P(ProblemTest, OutputShapeIsTheDocumentedOne) {
  const judge::Problem& p = problem(GetParam());
  const auto& documented = documented_output_shapes().at(GetParam());
  for (const judge::TestCase& test_case : p.cases.cases) {
    SCOPED_TRACE("case " + test_case.name);
    EXPECT_NO_THROW(p.definition->validate(test_case.args));
    const auto shapes = p.definition->tensor_shapes(test_case.args);
    EXPECT_EQ(shapes.at("output"), documented(test_case.args));
    for (const auto& parameter : p.signature().parameters) {
      if (parameter.pointer) {
        EXPECT_TRUE(shapes.count(parameter.name)) << parameter.name;
      }
    }
    EXPECT_GT(p.definition->flops(test_case.args), 0.0);
  }
  EXPECT_FALSE(p.definition->flop_formula().empty());
}

TEST_P(ProblemTest, EachValidationRuleRejectsWithTheParameterNamed) {
  const judge::Problem& p = problem(GetParam());
  const judge::TestCase& sample = *p.cases.tier(judge::Tier::kSample).front();
  for (const InvalidEdit& edit : invalid_edits().at(GetParam())) {
    SCOPED_TRACE("rule: " + edit.rule);
    ScalarArgs args = sample.args;
    for (const auto& [name, value] : edit.changes) {
      if (args.integers().count(name)) {
        args.set_integer(name, static_cast<int64_t>(value));
      } else {
        args.set_real(name, value);
      }
    }
    try {
      p.definition->validate(args);
      ADD_FAILURE() << "accepted";
    } catch (const judge::InvalidCase& error) {
      EXPECT_NE(std::string(error.what()).find(edit.named_parameter), std::string::npos)
          << "message does not name '" << edit.named_parameter << "': " << error.what();
    }
  }
}

TEST_P(ProblemTest, CheckOutputsAreFiniteAndVaried) {
  const judge::Problem& p = problem(GetParam());
  for (const judge::TestCase* test_case : p.cases.tier(judge::Tier::kCheck)) {
    SCOPED_TRACE("case " + test_case->name);
    judge::CaseTensors tensors = judge::generate_case_inputs(p, *test_case, 0);
    judge::compute_expected(p, *test_case, tensors);
    const judge::TensorBuffer& output = tensors.outputs.at("output");
    std::map<double, int64_t> counts;
    for (int64_t i = 0; i < output.size(); ++i) {
      ASSERT_TRUE(std::isfinite(output.at(i))) << "element " << i << " = " << output.at(i);
      ++counts[output.at(i)];
    }
    EXPECT_GT(counts.size(), 1u) << "constant output";
    // Exact zeros are exempt: a strided, dilated transposed convolution
    // leaves whole rows that no tap reaches.
    int64_t most_common = 0;
    float most_common_value = 0;
    for (const auto& [value, count] : counts) {
      if (value != 0.0f && count > most_common) most_common = count, most_common_value = value;
    }
    EXPECT_LE(most_common * 2, static_cast<int64_t>(output.size()))
        << most_common_value << " fills more than half the output (saturation?)";
  }
}

INSTANTIATE_TEST_SUITE_P(SeedProblems, ProblemTest,
                         ::testing::Values("conv-transpose2d-batchnorm-tanh-maxpool-groupnorm",
                                           "conv2d-groupnorm-scale-maxpool-clamp",
                                           "conv-transpose3d-sum-layernorm-avgpool-gelu",
                                           "conv-transpose-2d-asym-input-asym-kernel-strided-grouped",
                                           "conv-transpose2d-softmax-biasadd-scaling-sigmoid"),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name;
                           for (char c : info.param) name += std::isalnum(c) ? c : '_';
                           return name;
                         });

// The checks that need no per-problem table, for every problem in the
// catalogue: tiers complete, every case valid with a shape for each pointer
// and a positive FLOP count, and on every check case every output finite
// and (beyond one element) not constant.
class EveryProblemTest : public ProblemTest {};

TEST_P(EveryProblemTest, TiersCasesShapesAndFlops) {
  const judge::Problem& p = problem(GetParam());
  EXPECT_EQ(p.cases.tier(judge::Tier::kSample).size(), 1u);
  EXPECT_GE(p.cases.tier(judge::Tier::kCheck).size(), 6u);
  EXPECT_GE(p.cases.tier(judge::Tier::kFull).size(), 1u);
  EXPECT_FALSE(p.definition->flop_formula().empty());
  for (const judge::TestCase& test_case : p.cases.cases) {
    SCOPED_TRACE("case " + test_case.name);
    EXPECT_NO_THROW(p.definition->validate(test_case.args));
    const auto shapes = p.definition->tensor_shapes(test_case.args);
    for (const auto& parameter : p.signature().parameters) {
      if (parameter.pointer) EXPECT_TRUE(shapes.count(parameter.name)) << parameter.name;
    }
    // Zero is honest for some cases (a reduction over an extent of one).
    EXPECT_GE(p.definition->flops(test_case.args), 0.0);
    if (test_case.tier == judge::Tier::kFull) EXPECT_GT(p.definition->flops(test_case.args), 0.0);
  }
}

// A case may have a constant output (an argmax over an extent of one), but
// an output constant on every check case would let a shortcut pass. NaN and
// infinities are allowed only where a problem defines them (its checker).
TEST_P(EveryProblemTest, CheckOutputsAreFiniteAndNotAlwaysConstant) {
  const judge::Problem& p = problem(GetParam());
  std::map<std::string, std::set<double>> seen;  // per output, two distinct values at most
  for (const judge::TestCase* test_case : p.cases.tier(judge::Tier::kCheck)) {
    SCOPED_TRACE("case " + test_case->name);
    judge::CaseTensors tensors = judge::generate_case_inputs(p, *test_case, 0);
    judge::compute_expected(p, *test_case, tensors);
    for (const auto& [name, output] : tensors.outputs) {
      std::set<double>& values = seen[name];
      for (int64_t i = 0; i < output.size(); ++i) {
        if (!p.definition->has_checker()) {
          ASSERT_TRUE(std::isfinite(output.at(i))) << name << "[" << i << "] = " << output.at(i);
        }
        if (values.size() < 2 && !std::isnan(output.at(i))) values.insert(output.at(i));
      }
    }
  }
  for (const auto& [name, values] : seen) EXPECT_GT(values.size(), 1u) << name << " is one value on every check case";
}

INSTANTIATE_TEST_SUITE_P(Catalogue, EveryProblemTest, ::testing::ValuesIn(catalogue().slugs()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name;
                           for (char c : info.param) name += std::isalnum(c) ? c : '_';
                           return name;
                         });

}  // namespace
}  // namespace problems::testing
