// check_call with a problem's own checker (ProblemDefinition::has_checker):
// the checker replaces the elementwise comparison, and only that; the
// buffer checks around it stay.
#include "judge/pipeline/output_check.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "harness/runner/protocol.h"

namespace judge {
namespace {

namespace protocol = runner_protocol;

// b is a permutation of a, in any order (so the reference's sorted b is one
// right answer of many). Without the checker, b must equal the reference's.
class AnyPermutation : public ProblemDefinition {
 public:
  explicit AnyPermutation(bool with_checker) : m_with_checker(with_checker) {}
  std::vector<ParameterDecl> parameters() const override {
    return {{"a", "const int*"}, {"b", "int*"}, {"n", "size_t"}};
  }
  void validate(const ScalarArgs&) const override {}
  std::map<std::string, Shape> tensor_shapes(const ScalarArgs& args) const override {
    return {{"a", {args.integer("n")}}, {"b", {args.integer("n")}}};
  }
  double flops(const ScalarArgs&) const override { return 0; }
  std::string flop_formula() const override { return "0"; }
  void reference(const ScalarArgs& args, const ConstTensors& inputs, const MutableTensors& outputs) const override {
    const int32_t* a = inputs.at("a").as<int32_t>();
    int32_t* b = outputs.at("b").as<int32_t>();
    std::copy(a, a + args.integer("n"), b);
    std::sort(b, b + args.integer("n"));
  }
  bool has_checker() const override { return m_with_checker; }
  std::optional<std::string> check(const ScalarArgs& args, const ConstTensors& inputs, const ConstTensors& expected,
                                   const ConstTensors& actual, const Tolerance& tolerance) const override {
    ++calls;
    seen_tolerance = tolerance;
    const int64_t n = args.integer("n");
    std::vector<int32_t> want(inputs.at("a").as<int32_t>(), inputs.at("a").as<int32_t>() + n);
    std::vector<int32_t> got(actual.at("b").as<int32_t>(), actual.at("b").as<int32_t>() + n);
    EXPECT_TRUE(std::is_sorted(expected.at("b").as<int32_t>(), expected.at("b").as<int32_t>() + n));
    std::sort(want.begin(), want.end());
    std::sort(got.begin(), got.end());
    if (want != got) return "output is not a permutation of the input";
    return std::nullopt;
  }
  mutable int calls = 0;
  mutable Tolerance seen_tolerance;

 private:
  bool m_with_checker;
};

std::vector<char> with_guard(std::vector<char> bytes) {
  bytes.insert(bytes.end(), protocol::kGuardBytes, static_cast<char>(protocol::kGuardByte));
  return bytes;
}

class OutputCheckTest : public ::testing::Test {
 protected:
  void load(bool with_checker, int64_t n = 5) {
    auto definition = std::make_unique<AnyPermutation>(with_checker);
    m_definition = definition.get();
    m_problem.definition = std::move(definition);
    m_problem.cases.tolerance = {1e-3, 2e-3};
    m_case.name = "n-" + std::to_string(n);
    m_case.args.set_integer("n", n);
    m_call.test_case = &m_case;
    m_call.tensors.shapes = {{"a", {n}}, {"b", {n}}};
    TensorBuffer a(ScalarType::kInt32, n);
    for (int64_t i = 0; i < n; ++i) a.set(i, (i * 3) % n);  // n = 5: 0 3 1 4 2
    m_call.tensors.inputs["a"] = a;
    m_call.tensors.outputs["b"] = TensorBuffer(ScalarType::kInt32, n);
    m_problem.definition->reference(m_case.args, m_call.tensors.input_views(), m_call.tensors.output_views());
  }

  // The downloads of a call that left `b` as `values` and `a` untouched.
  Downloads downloads(const std::vector<int32_t>& values) const {
    std::vector<char> b(values.size() * sizeof(int32_t));
    std::memcpy(b.data(), values.data(), b.size());
    return {{"a", with_guard(m_call.tensors.inputs.at("a").device_bytes())}, {"b", with_guard(b)}};
  }

  Problem m_problem;
  AnyPermutation* m_definition = nullptr;
  TestCase m_case;
  CallData m_call;
};

TEST_F(OutputCheckTest, TheCheckerAcceptsAnAnswerTheComparisonWouldReject) {
  load(true);
  EXPECT_EQ(check_call(m_problem, m_call, downloads({0, 1, 2, 3, 4})), std::nullopt);
  EXPECT_EQ(check_call(m_problem, m_call, downloads({4, 3, 2, 1, 0})), std::nullopt);
  EXPECT_EQ(m_definition->calls, 2);
  EXPECT_EQ(m_definition->seen_tolerance.rtol, 1e-3);
  EXPECT_EQ(m_definition->seen_tolerance.atol, 2e-3);
}

TEST_F(OutputCheckTest, TheCheckersMessageIsTheFailure) {
  load(true);
  EXPECT_EQ(check_call(m_problem, m_call, downloads({0, 1, 2, 3, 3})), "output is not a permutation of the input");
}

TEST_F(OutputCheckTest, UnwrittenElementsAreCountedAfterTheCheckersMessage) {
  load(true);
  m_call.output_fill = OutputFill::Poison;
  int32_t poison;
  std::memset(&poison, protocol::kPoisonByte, sizeof poison);
  const std::optional<std::string> wrong = check_call(m_problem, m_call, downloads({0, 1, 2, poison, poison}));
  ASSERT_TRUE(wrong.has_value());
  EXPECT_NE(wrong->find("output is not a permutation of the input\n"), std::string::npos) << *wrong;
  EXPECT_NE(wrong->find("2 element(s) of 'b' were never written"), std::string::npos) << *wrong;
}

TEST_F(OutputCheckTest, UnderTheZeroFillNoElementIsCalledUnwritten) {
  load(true);
  int32_t all_ones;  // -1: a value the solution wrote, not the runner's fill
  std::memset(&all_ones, protocol::kPoisonByte, sizeof all_ones);
  const std::optional<std::string> wrong = check_call(m_problem, m_call, downloads({0, 1, 2, all_ones, all_ones}));
  ASSERT_TRUE(wrong.has_value());
  EXPECT_EQ(wrong->find("never written"), std::string::npos) << *wrong;
}

TEST_F(OutputCheckTest, WithoutACheckerEveryElementIsCompared) {
  load(false);
  EXPECT_EQ(check_call(m_problem, m_call, downloads({0, 1, 2, 3, 4})), std::nullopt);
  const std::optional<std::string> wrong = check_call(m_problem, m_call, downloads({4, 3, 2, 1, 0}));
  ASSERT_TRUE(wrong.has_value());
  EXPECT_NE(wrong->find("b: 4 of 5 elements wrong"), std::string::npos) << *wrong;
  EXPECT_EQ(m_definition->calls, 0);
}

TEST_F(OutputCheckTest, TheBufferChecksStayWithAChecker) {
  load(true);
  Downloads past_the_end = downloads({4, 3, 2, 1, 0});
  past_the_end["b"][5 * sizeof(int32_t)] = 0;
  const std::optional<std::string> overrun = check_call(m_problem, m_call, past_the_end);
  ASSERT_TRUE(overrun.has_value());
  EXPECT_NE(overrun->find("wrote past the end of 'b'"), std::string::npos) << *overrun;

  Downloads input_changed = downloads({4, 3, 2, 1, 0});
  input_changed["a"][0] = 9;
  const std::optional<std::string> modified = check_call(m_problem, m_call, input_changed);
  ASSERT_TRUE(modified.has_value());
  EXPECT_NE(modified->find("modified the const input 'a'"), std::string::npos) << *modified;
}

// An input the runner found as uploaded comes back without a download
// (harness/runner/protocol.h, kUnchangedInputs): the outputs are still
// checked in full.
TEST_F(OutputCheckTest, AnInputWithoutADownloadIsTakenAsUnchanged) {
  load(false);
  Downloads right = downloads({0, 1, 2, 3, 4});
  right.erase("a");
  EXPECT_EQ(check_call(m_problem, m_call, right), std::nullopt);
  Downloads wrong = downloads({4, 3, 2, 1, 0});
  wrong.erase("a");
  wrong["b"][5 * sizeof(int32_t)] = 0;
  const std::optional<std::string> failure = check_call(m_problem, m_call, wrong);
  ASSERT_TRUE(failure.has_value());
  EXPECT_NE(failure->find("wrote past the end of 'b'"), std::string::npos) << *failure;
  EXPECT_NE(failure->find("b: 4 of 5 elements wrong"), std::string::npos) << *failure;
}

// Inputs are compared a slice at a time (16 MiB): a change past the first
// slice is found, and named by its element.
TEST_F(OutputCheckTest, AnInputChangedPastTheFirstSliceIsFound) {
  load(false, int64_t{6} << 20);  // 24 MiB of int32
  std::vector<int32_t> sorted(m_call.tensors.outputs.at("b").values<int32_t>().begin(),
                              m_call.tensors.outputs.at("b").values<int32_t>().end());
  EXPECT_EQ(check_call(m_problem, m_call, downloads(sorted)), std::nullopt);
  const int64_t changed = (int64_t{5} << 20) + 3;
  Downloads input_changed = downloads(sorted);
  input_changed["a"][changed * sizeof(int32_t) + 1] ^= 1;
  const std::optional<std::string> modified = check_call(m_problem, m_call, input_changed);
  ASSERT_TRUE(modified.has_value());
  EXPECT_NE(modified->find("modified the const input 'a' (first at element " + std::to_string(changed) + ")"),
            std::string::npos)
      << *modified;
}

// A float16 output reaches the checker as the reference sees it: float32,
// widened exactly from the device's bits.
class HalfEcho : public AnyPermutation {
 public:
  HalfEcho() : AnyPermutation(true) {}
  std::optional<std::string> check(const ScalarArgs&, const ConstTensors&, const ConstTensors&,
                                   const ConstTensors& actual, const Tolerance&) const override {
    const float* b = actual.at("b");
    seen.assign(b, b + 3);
    return std::nullopt;
  }
  mutable std::vector<float> seen;
};

TEST(OutputCheckHalfTest, HalfOutputsReachTheCheckerWidenedToFloat) {
  Problem problem;
  auto definition = std::make_unique<HalfEcho>();
  const HalfEcho* echo = definition.get();
  problem.definition = std::move(definition);
  TestCase test_case;
  test_case.args.set_integer("n", 3);
  CallData call;
  call.test_case = &test_case;
  call.tensors.shapes = {{"b", {3}}};
  call.tensors.outputs["b"] = TensorBuffer(ScalarType::kFloat16, 3);
  TensorBuffer device(ScalarType::kFloat16, 3);
  device.set(0, 1.5);
  device.set(1, -0.000999);  // rounded to float16 by set
  device.set(2, 65504);
  EXPECT_EQ(check_call(problem, call, {{"b", with_guard(device.device_bytes())}}), std::nullopt);
  ASSERT_EQ(echo->seen.size(), 3u);
  EXPECT_EQ(echo->seen[0], 1.5f);
  EXPECT_EQ(echo->seen[1], static_cast<float>(device.at(1)));
  EXPECT_EQ(echo->seen[2], 65504.0f);
}

TEST(DefinitionCheckTest, TheDefaultCheckIsNeverMeantToBeCalled) {
  AnyPermutation definition(false);
  EXPECT_THROW(definition.ProblemDefinition::check({}, {}, {}, {}, {}), std::logic_error);
}

}  // namespace
}  // namespace judge
