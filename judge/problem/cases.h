// A problem's cases.yaml: the test data, editable without touching code.
//
//   tolerance: {rtol: 1.0e-4, atol: 1.0e-4,    # optional: the default dtype's
//               float16: {rtol: .., atol: ..}}  # required for every other dtype offered
//   tiers:
//     sample: [one case]                       # shown to the user
//     check:  [at least 6 small cases]
//     full:   [the benchmark sizes]
//   each case: {name, params: {every scalar parameter, optionally integer input
//               tensors as literal lists}, inputs: {default|<input tensor>: [lo, hi)}}
//
// Every case is validated with the definition at load, so an impossible size
// is a ProblemError naming file, line and case before anything runs.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "judge/problem/definition.h"
#include "judge/problem/signature.h"

namespace judge {

enum class Tier { kSample, kCheck, kFull };
const char* tier_name(Tier tier);  // "sample", "check", "full"
Tier parse_tier(const std::string& name);  // tier_name's inverse; throws std::invalid_argument naming the tiers
constexpr Tier kAllTiers[] = {Tier::kSample, Tier::kCheck, Tier::kFull};
constexpr std::size_t kMinCheckCases = 6;

// Inputs are drawn uniformly from [lo, hi); integer tensors from the
// integers in [lo, hi), by default [0, 100) (bool: [0, 2)).
struct InputRange {
  double lo = 0.0;
  double hi = 1.0;
};

struct TestCase {
  std::string name;  // unique across all tiers
  Tier tier = Tier::kCheck;
  ScalarArgs args;
  // One entry per input tensor (const pointer parameter), defaults filled in.
  std::map<std::string, InputRange> input_ranges;
  int line = 0;  // line of the case in cases.yaml
};

struct CaseSet {
  std::filesystem::path file;
  Tolerance tolerance;  // for the dtype in force
  std::map<ScalarType, Tolerance> tolerances;  // for every dtype offered
  std::vector<TestCase> cases;  // tier by tier, in file order

  std::vector<const TestCase*> tier(Tier tier) const;
  const TestCase* find(const std::string& name) const;  // nullptr if absent
  std::vector<std::string> names() const;
};

// Parses `text`, the contents of `file` (for messages), against the
// statement's signature resolved for `dtype`, one of the problem's `dtypes`
// (the default first), and the definition. Throws ProblemError.
CaseSet parse_cases(const std::string& text, const std::filesystem::path& file, const Signature& signature,
                    const ProblemDefinition& definition,
                    const std::vector<ScalarType>& dtypes = {ScalarType::kFloat32},
                    ScalarType dtype = ScalarType::kFloat32);
CaseSet load_cases(const std::filesystem::path& file, const Signature& signature,
                   const ProblemDefinition& definition);

}  // namespace judge
