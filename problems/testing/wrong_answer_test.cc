// The judge's output check must reject the wrong answers every solution
// author can make, on every problem, with the problem's own tolerance and
// test data. For every problem in problems/ (so new ones are covered
// without touching this file), every dtype it offers and every check case,
// check_call (judge/pipeline/output_check.h, the judge's whole notion of a
// right call) must
//   - accept the exact reference, and one element moved within tolerance;
//   - reject one element (first, middle, last) moved just beyond tolerance
//     (the nearest value of the output's type past atol + rtol * |expected|;
//     integer outputs: the neighbouring integer);
//   - reject the output left unwritten: all zeros (the runner zero-fills
//     outputs before each call), unless zeros are the right answer, which
//     must stay the exception; and under --poison-outputs every byte the
//     poison, and only its last element left so;
//   - reject the output shifted by one element (an off-by-one index), which
//     fails only if the test data gives neighbouring elements different
//     values: a case where it does not cannot catch that bug. Where the
//     shift changes no byte (one element, or a constant output such as an
//     argmax over an extent-one dimension) it is the right answer; those
//     outputs are listed, and must stay the exception.
// A problem with its own checker (ProblemDefinition::has_checker: a sort,
// a histogram) goes through the same check_call, so the same wrong answers
// must fail its checker, and an element moved within the cases.yaml
// tolerance must pass it: a checker honours the problem's tolerance. Only a
// checker can expect NaN or Inf (the comparison never does): there a finite
// value must be rejected, and an unwritten (NaN) element where NaN is right
// is not a wrong answer.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <algorithm>
#include <limits>
#include <map>

#include "harness/runner/protocol.h"
#include "judge/pipeline/call_data.h"
#include "judge/pipeline/output_check.h"
#include "judge/problem/problem.h"
#include "problems/testing/problems_root.h"

namespace problems::testing {
namespace {

namespace protocol = ::runner_protocol;
using judge::ScalarType;
using judge::TensorBuffer;

// Relative spacing of representable values near 1 (one unit in the last place).
double relative_ulp(ScalarType type) {
  switch (type) {
    case ScalarType::kFloat16: return std::ldexp(1.0, -10);
    case ScalarType::kBFloat16: return std::ldexp(1.0, -7);
    case ScalarType::kFloat64: return std::numeric_limits<double>::epsilon();
    default: return std::numeric_limits<float>::epsilon();
  }
}

// Smallest positive subnormal of the type: the step near zero.
double smallest_step(ScalarType type) {
  switch (type) {
    case ScalarType::kFloat16: return std::ldexp(1.0, -24);
    case ScalarType::kBFloat16: return std::ldexp(1.0, -133);
    case ScalarType::kFloat64: return std::numeric_limits<double>::denorm_min();
    default: return std::numeric_limits<float>::denorm_min();
  }
}

// Element `i` of `expected` replaced by the nearest value of its type that
// is beyond the tolerance (`beyond`) or, for !beyond, by one at most half
// the tolerance away. nullopt when no finite such value exists.
std::optional<TensorBuffer> moved(const TensorBuffer& expected, int64_t i, const judge::Tolerance& tolerance,
                                  bool beyond) {
  TensorBuffer copy = expected;
  const double e = expected.at(i);
  const ScalarType type = expected.type();
  if (!std::isfinite(e)) {
    // NaN or Inf expected (a problem with its own checker, e.g. a decode of
    // NaN codes): no value is "within" it; any finite one is beyond.
    if (!beyond) return std::nullopt;
    copy.set(i, 0.0);
    return copy;
  }
  if (judge::is_integer(type)) {
    if (!beyond) return copy;
    if (type == ScalarType::kBool) {
      copy.set(i, e != 0 ? 0 : 1);
    } else if (type == ScalarType::kUint64 || type == ScalarType::kSize) {
      // 64-bit values beyond 2^53 have no neighbour in double: step the bits.
      uint64_t& value = copy.mutable_values<uint64_t>()[static_cast<std::size_t>(i)];
      value = value < std::numeric_limits<uint64_t>::max() ? value + 1 : value - 1;
    } else if (type == ScalarType::kInt64) {
      int64_t& value = copy.mutable_values<int64_t>()[static_cast<std::size_t>(i)];
      value = value < std::numeric_limits<int64_t>::max() ? value + 1 : value - 1;
    } else {
      copy.set(i, e < static_cast<double>(judge::integer_max(type)) ? e + 1 : e - 1);
    }
    return copy;
  }
  const double allowed = tolerance.atol + tolerance.rtol * std::fabs(e);
  if (!beyond) {
    copy.set(i, e + allowed / 2);
    return std::fabs(copy.at(i) - e) <= allowed ? std::optional(copy) : std::nullopt;
  }
  double candidate = e + allowed;
  for (int step = 0; step < 64; ++step) {
    copy.set(i, candidate);
    const double a = copy.at(i);
    if (!std::isfinite(a)) return std::nullopt;
    if (std::fabs(a - e) > allowed) return copy;
    candidate = a + std::max(std::fabs(a) * relative_ulp(type), smallest_step(type));
  }
  return std::nullopt;
}

std::vector<char> with_guard(std::vector<char> bytes) {
  bytes.insert(bytes.end(), protocol::kGuardBytes, static_cast<char>(protocol::kGuardByte));
  return bytes;
}

// What a correct runner would hand back: every buffer with its guard bytes,
// the inputs untouched, the outputs as the reference computed them.
judge::Downloads reference_downloads(const judge::CallData& call) {
  judge::Downloads downloads;
  for (const auto& [name, tensor] : call.tensors.inputs) downloads[name] = with_guard(tensor.device_bytes());
  for (const auto& [name, tensor] : call.tensors.outputs) downloads[name] = with_guard(tensor.device_bytes());
  return downloads;
}

class WrongAnswers {
 public:
  WrongAnswers(const judge::Problem& problem, const judge::CallData& call) : m_problem(problem), m_call(call) {}

  // `output` replaced by `bytes` (device bytes, no guard): accepted?
  bool accepted(const std::string& output, const std::vector<char>& bytes) const {
    judge::Downloads downloads = reference_downloads(m_call);
    downloads[output] = with_guard(bytes);
    return !judge::check_call(m_problem, m_call, downloads).has_value();
  }

  // Outputs for which a shift by one element changes no byte.
  const std::vector<std::string>& shift_not_applicable() const { return m_shift_not_applicable; }
  // Outputs for which all zeros, what an output holds when the solution
  // writes nothing, is accepted.
  const std::vector<std::string>& zeros_accepted() const { return m_zeros_accepted; }

  void check_output(const std::string& name, const TensorBuffer& expected) {
    SCOPED_TRACE("output " + name);
    const int64_t count = expected.size();
    ASSERT_GT(count, 0);
    const std::size_t element_bytes = judge::element_size(expected.type());
    const std::vector<char> exact = expected.device_bytes();
    EXPECT_TRUE(accepted(name, exact)) << "the exact reference was rejected";

    for (int64_t i : {int64_t{0}, count / 2, count - 1}) {
      if (std::optional<TensorBuffer> within = moved(expected, i, m_problem.tolerance(), false)) {
        EXPECT_TRUE(accepted(name, within->device_bytes()))
            << "element " << i << " moved within tolerance (" << within->at(i) << " for " << expected.at(i)
            << ") was rejected";
      }
      std::optional<TensorBuffer> beyond = moved(expected, i, m_problem.tolerance(), true);
      ASSERT_TRUE(beyond.has_value()) << "no finite value beyond the tolerance for element " << i << " = "
                                      << expected.at(i);
      EXPECT_FALSE(accepted(name, beyond->device_bytes()))
          << "element " << i << " moved beyond tolerance (" << beyond->at(i) << " for " << expected.at(i)
          << ", rtol " << m_problem.tolerance().rtol << ", atol " << m_problem.tolerance().atol << ") was accepted";
    }

    // Zero-filled before the call: a solution that writes nothing returns zeros.
    const std::vector<char> zeros(exact.size(), 0);
    if (accepted(name, zeros)) {
      m_zeros_accepted.push_back(name);
    }
    EXPECT_FALSE(accepted(name, std::vector<char>(exact.size(), static_cast<char>(protocol::kPoisonByte))))
        << "the output left unwritten was accepted";
    // Where NaN is the right answer the poison (a NaN for floats) is one too.
    if (!std::isnan(expected.at(count - 1))) {
      std::vector<char> last_unwritten = exact;
      std::memset(last_unwritten.data() + (count - 1) * element_bytes, protocol::kPoisonByte, element_bytes);
      EXPECT_FALSE(accepted(name, last_unwritten)) << "the output with its last element unwritten was accepted";
    }

    std::vector<char> shifted(exact.size());
    if (count >= 2) {
      std::memcpy(shifted.data(), exact.data(), element_bytes);  // element 0 kept, i takes i - 1
      std::memcpy(shifted.data() + element_bytes, exact.data(), exact.size() - element_bytes);
    }
    if (count < 2 || shifted == exact) {
      // One element, or every element the same value: the shifted output IS
      // the right answer, so there is no wrong answer to reject.
      m_shift_not_applicable.push_back(name);
    } else {
      EXPECT_FALSE(accepted(name, shifted))
          << "the output shifted by one element was accepted: neighbouring expected values are equal within "
             "tolerance everywhere, so this case cannot catch an off-by-one index";
    }
  }

 private:
  const judge::Problem& m_problem;
  const judge::CallData& m_call;
  std::vector<std::string> m_shift_not_applicable;
  std::vector<std::string> m_zeros_accepted;
};

TEST(WrongAnswerTest, EveryProblemRejectsNearMissesUnwrittenOutputsAndShifts) {
  const judge::Catalogue catalogue(runfiles_problems_dir());
  const std::vector<std::string> slugs = catalogue.slugs();
  ASSERT_FALSE(slugs.empty());
  int checked_cases = 0;
  std::vector<std::string> shift_skipped;
  std::vector<std::string> with_checker;
  std::vector<std::string> zeros_accepted;
  // (problem, dtype, output) -> how many of its check cases reject all zeros.
  std::map<std::string, int> zeros_rejected;
  for (const std::string& slug : slugs) {
    const std::vector<ScalarType> dtypes = catalogue.load(slug).statement.dtypes;
    if (catalogue.load(slug).definition->has_checker()) with_checker.push_back(slug);
    for (ScalarType dtype : dtypes) {
      const judge::Problem problem = catalogue.load(slug, judge::dtype_name(dtype));
      for (const judge::TestCase* test_case : problem.cases.tier(judge::Tier::kCheck)) {
        SCOPED_TRACE(slug + " (" + judge::dtype_name(dtype) + ") case " + test_case->name);
        const judge::CallData call = judge::prepare_call(problem, *test_case, /*seed=*/1);
        ASSERT_FALSE(call.tensors.outputs.empty());
        WrongAnswers check(problem, call);
        for (const auto& [name, expected] : call.tensors.outputs) check.check_output(name, expected);
        for (const auto& [name, expected] : call.tensors.outputs) {
          const std::string key = slug + " (" + judge::dtype_name(dtype) + "): " + name;
          const std::vector<std::string>& accepted = check.zeros_accepted();
          const bool zeros_pass = std::find(accepted.begin(), accepted.end(), name) != accepted.end();
          zeros_rejected[key] += zeros_pass ? 0 : 1;
          if (zeros_pass) zeros_accepted.push_back(slug + "/" + test_case->name + " (" + judge::dtype_name(dtype) + "): " + name);
        }
        for (const std::string& output : check.shift_not_applicable()) {
          shift_skipped.push_back(slug + "/" + test_case->name + " (" + judge::dtype_name(dtype) + "): " + output);
        }
        ++checked_cases;
      }
    }
  }
  std::cout << "checked " << checked_cases << " (problem, dtype, check case) combinations of " << slugs.size()
            << " problems\n";
  std::cout << "checked by the problem's own checker: " << with_checker.size() << " problem(s):";
  for (const std::string& slug : with_checker) std::cout << " " << slug;
  std::cout << "\n";
  std::cout << "the shift check does not apply (one element, or all equal) to " << shift_skipped.size() << ":\n";
  for (const std::string& output : shift_skipped) std::cout << "  " << output << "\n";
  // A check case whose output cannot tell a shifted answer from the right one
  // is the exception, not the rule.
  EXPECT_LT(shift_skipped.size() * 4, static_cast<std::size_t>(checked_cases));
  // Outputs are zero-filled before each call, so a solution that writes
  // nothing answers zeros: some check case of every output must reject that.
  std::cout << "all zeros is a right answer in " << zeros_accepted.size() << " check case(s):\n";
  for (const std::string& output : zeros_accepted) std::cout << "  " << output << "\n";
  for (const auto& [key, rejecting_cases] : zeros_rejected) {
    EXPECT_GT(rejecting_cases, 0) << key << ": every check case accepts an output left all zeros";
  }
  EXPECT_LT(zeros_accepted.size() * 4, static_cast<std::size_t>(checked_cases));
}

// The check itself must be able to fail: a tolerance-blind comparison
// (everything accepted) would pass the test above vacuously were it not for
// these expectations on a made-up buffer.
TEST(WrongAnswerTest, MovedValuesLandJustPastTheTolerance) {
  TensorBuffer buffer(ScalarType::kFloat32, 3);
  buffer.set(0, 1.0);
  buffer.set(1, -2.5);
  buffer.set(2, 0.0);
  const judge::Tolerance tolerance{1e-5, 1e-6};
  for (int64_t i = 0; i < 3; ++i) {
    const double e = buffer.at(i), allowed = tolerance.atol + tolerance.rtol * std::fabs(e);
    const double beyond = moved(buffer, i, tolerance, true)->at(i);
    EXPECT_GT(std::fabs(beyond - e), allowed);
    // At most a few units in the last place past the bound.
    EXPECT_LT(std::fabs(beyond - e), allowed + 4 * (std::fabs(e) + allowed) * relative_ulp(ScalarType::kFloat32));
    EXPECT_LE(std::fabs(moved(buffer, i, tolerance, false)->at(i) - e), allowed);
  }
  TensorBuffer half(ScalarType::kFloat16, 1);
  half.set(0, 1.0);
  const double half_beyond = moved(half, 0, {1e-3, 1e-5}, true)->at(0);
  EXPECT_DOUBLE_EQ(half_beyond, 1.0 + 2 * std::ldexp(1.0, -10));  // 1 ulp is 9.8e-4 <= 1.01e-3; 2 ulps is past
  TensorBuffer ints(ScalarType::kInt32, 1);
  ints.set(0, 7);
  EXPECT_EQ(moved(ints, 0, {}, true)->at(0), 8);
  TensorBuffer wide(ScalarType::kUint64, 1);
  wide.mutable_values<uint64_t>()[0] = (uint64_t{1} << 61) - 2;  // no neighbour in double
  EXPECT_EQ(moved(wide, 0, {}, true)->values<uint64_t>()[0], (uint64_t{1} << 61) - 1);
}

}  // namespace
}  // namespace problems::testing
