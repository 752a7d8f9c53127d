// The quantize problems' checkers accept exactly the roundings their
// statements allow (quantize_variants.h): every allowed variant on every
// check case and on a block of ties, where the allowed roundings differ in
// bytes; every other variant rejected on some case. The reference's own
// variant must reproduce the reference's bytes, or the variants prove
// nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <vector>

#include "judge/problem/case_data.h"
#include "judge/problem/inputs.h"
#include "judge/problem/problem.h"
#include "problems/testing/problems_root.h"
#include "problems/testing/quantize_variants.h"

namespace problems::testing {
namespace {

// One call's inputs, arguments and reference outputs.
struct Call {
  std::string name;
  judge::ScalarArgs args;
  std::map<std::string, judge::TensorBuffer> inputs, expected;

  judge::ConstTensors input_views() const {
    judge::ConstTensors views;
    for (const auto& [name, buffer] : inputs) views[name] = buffer.view();
    return views;
  }
};

// A block (two, for NVFP4) of values that fall exactly half way between two
// codes, on either side of zero, with values that round to (negative) zero
// and, for MXFP8, one past 448 after scaling.
Call ties_call(const judge::Problem& problem) {
  Call call;
  call.name = "ties";
  std::vector<double> a;
  if (problem.slug() == "mxfp4-quantize") {
    // Largest magnitude 7: exponent 2, scale 2^0, so x is coded as itself.
    a = {7.0, 0.25, -0.25, 0.75, -0.75, 1.25, 1.75, -1.75, 2.5, -2.5, 3.5, 5.0, -5.0, -0.1, 0.1, -0.2};
    call.args.set_integer("k", 32);
  } else if (problem.slug() == "mxfp8-quantize") {
    // Largest magnitude 480: exponent 8, scale 2^0; 480 saturates to 448.
    a = {480.0, 1.0625, -1.0625, 17.0, -17.0, 272.0, 0x1p-10, -0x1p-10, -0x1p-11, 0x1p-11, 1.1875, -9.5};
    call.args.set_integer("k", 32);
  } else {
    // sf_g 256. Block 0: amax 6 gives the scale 256 exactly and x is coded as
    // itself. Block 1: amax 51/128 makes sf_g * amax / 6 = 17, half way
    // between the E4M3 values 16 and 18.
    call.args.set_real("sf_g", 256.0);
    a = {6.0, 5.0, -5.0, 0.25, -0.25, 0.75, 1.25, -1.75, 2.5, 3.5, -0.1, 0.1, 1.0, -3.0, 0.5, 4.0,
         51.0 / 128, 0.1, -0.2, 0.3, 0.05, -0.15, 0.25, 0.35, -0.01, 0.02, 0.12, -0.39, 0.2, 0.33, 0.06, -0.07};
    call.args.set_integer("k", 32);
  }
  call.args.set_integer("m", 1);
  a.resize(32, 0.3);
  const std::map<std::string, judge::Shape> shapes = problem.definition->tensor_shapes(call.args);
  for (const judge::Parameter& parameter : problem.signature().parameters) {
    if (!parameter.pointer) continue;
    const int64_t count = judge::element_count(shapes.at(parameter.name));
    judge::TensorBuffer buffer(parameter.type, count);
    (parameter.is_input_tensor() ? call.inputs : call.expected)[parameter.name] = std::move(buffer);
  }
  for (std::size_t i = 0; i < a.size(); ++i) call.inputs.at("a").set(static_cast<int64_t>(i), a[i]);
  judge::MutableTensors outputs;
  for (auto& [name, buffer] : call.expected) outputs[name] = buffer.mutable_view();
  problem.definition->reference(call.args, call.input_views(), outputs);
  return call;
}

std::vector<Call> calls(const judge::Problem& problem) {
  std::vector<Call> found;
  for (const judge::TestCase* test_case : problem.cases.tier(judge::Tier::kCheck)) {
    judge::CaseTensors tensors = judge::generate_case_inputs(problem, *test_case, judge::kDefaultInputSeed);
    judge::compute_expected(problem, *test_case, tensors);
    found.push_back({test_case->name, test_case->args, std::move(tensors.inputs), std::move(tensors.outputs)});
  }
  found.push_back(ties_call(problem));
  return found;
}

struct Judged {
  int64_t bytes_differing = 0;
  bool accepted = false;
  std::string why;
};

Judged judge_variant(const judge::Problem& problem, const Call& call, const QuantizeVariant& variant) {
  std::map<std::string, judge::TensorBuffer> answer;
  judge::MutableTensors writable;
  judge::ConstTensors actual, expected;
  for (const auto& [name, buffer] : call.expected) {
    answer[name] = judge::TensorBuffer(buffer.type(), buffer.size());
    writable[name] = answer[name].mutable_view();
    actual[name] = answer[name].view();
    expected[name] = buffer.view();
  }
  quantize_like(problem.slug(), variant, call.args, call.input_views(), writable);
  Judged judged;
  for (const auto& [name, buffer] : call.expected) {
    for (int64_t i = 0; i < buffer.size(); ++i) judged.bytes_differing += buffer.at(i) != answer[name].at(i);
  }
  const std::optional<std::string> wrong = problem.definition->check(
      call.args, call.input_views(), expected, actual, {problem.tolerance().rtol, problem.tolerance().atol});
  judged.accepted = !wrong.has_value();
  judged.why = wrong.value_or("");
  return judged;
}

class QuantizeRoundingsTest : public ::testing::TestWithParam<std::string> {};

TEST_P(QuantizeRoundingsTest, AcceptsExactlyTheAllowedRoundings) {
  const judge::Catalogue catalogue(runfiles_problems_dir());
  const judge::Problem problem = catalogue.load(GetParam());
  ASSERT_TRUE(problem.definition->has_checker());
  const std::vector<Call> all = calls(problem);
  const std::vector<QuantizeVariant> variants = quantize_variants(problem.slug());
  ASSERT_GE(variants.size(), 2u);
  for (const QuantizeVariant& variant : variants) {
    SCOPED_TRACE(variant.name);
    int rejected = 0;
    int64_t ties_bytes_differing = 0;
    for (const Call& call : all) {
      const Judged judged = judge_variant(problem, call, variant);
      if (&variant == &variants.front()) {
        EXPECT_EQ(judged.bytes_differing, 0) << call.name << ": the reference's rounding, redone, differs";
      }
      if (variant.allowed) EXPECT_TRUE(judged.accepted) << call.name << ": " << judged.why;
      rejected += !judged.accepted;
      if (call.name == "ties") ties_bytes_differing = judged.bytes_differing;
    }
    if (!variant.allowed) EXPECT_GT(rejected, 0) << "no case rejects it";
    // An allowed variant other than the reference's must change bytes on the
    // ties, or accepting it shows nothing the byte comparison would not.
    if (variant.allowed && &variant != &variants.front() && variant.arithmetic == QuantizeVariant::Arithmetic::kRecipe) {
      EXPECT_GT(ties_bytes_differing, 0) << "the ties do not tell it from the reference";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(QuantizeProblems, QuantizeRoundingsTest,
                         ::testing::Values("mxfp4-quantize", "mxfp8-quantize", "nvfp4-quantize"),
                         [](const auto& info) {
                           std::string name = info.param;
                           for (char& c : name) c = c == '-' ? '_' : c;
                           return name;
                         });

}  // namespace
}  // namespace problems::testing
