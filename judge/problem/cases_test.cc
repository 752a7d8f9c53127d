#include "judge/problem/cases.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "judge/common/errors.h"
#include "judge/problem/corpus_checks.h"
#include "judge/problem/statement.h"

namespace judge {
namespace {

class CasesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    m_statement = load_statement(problem_testdata() / "problems/scale-rows/statement.md");
    m_definition = make_definition("scale-rows");
    ASSERT_NE(m_definition, nullptr) << "the test problem's definition is linked in";
  }
  CaseSet load(const std::filesystem::path& file) const {
    return load_cases(file, m_statement.signature, *m_definition);
  }

  Statement m_statement;
  std::unique_ptr<ProblemDefinition> m_definition;
};

TEST_F(CasesTest, LoadsTheTestProblemCases) {
  CaseSet set = load(problem_testdata() / "problems/scale-rows/cases.yaml");
  EXPECT_DOUBLE_EQ(set.tolerance.rtol, 1e-5);
  EXPECT_DOUBLE_EQ(set.tolerance.atol, 1e-6);
  ASSERT_EQ(set.tier(Tier::kSample).size(), 1u);
  EXPECT_EQ(set.tier(Tier::kCheck).size(), 6u);
  EXPECT_EQ(set.tier(Tier::kFull).size(), 1u);

  const TestCase* sample = set.tier(Tier::kSample)[0];
  EXPECT_EQ(sample->name, "tiny");
  EXPECT_EQ(sample->line, 5);
  EXPECT_DOUBLE_EQ(sample->args.real("scale"), 2.0);
  EXPECT_EQ(sample->args.integer("rows"), 2);
  EXPECT_EQ(sample->args.integer("cols"), 3);

  // A real parameter may be written as an integer.
  EXPECT_DOUBLE_EQ(set.find("one-element")->args.real("scale"), 1.0);
}

TEST_F(CasesTest, InputRangesDefaultPerTensorAndOverride) {
  CaseSet set = load(problem_testdata() / "problems/scale-rows/cases.yaml");
  const TestCase* plain = set.find("odd-sizes");
  ASSERT_NE(plain, nullptr);
  ASSERT_EQ(plain->input_ranges.size(), 2u) << "one range per input tensor, none for the output";
  EXPECT_EQ(plain->input_ranges.at("input").lo, 0.0);
  EXPECT_EQ(plain->input_ranges.at("input").hi, 1.0);

  const TestCase* signed_inputs = set.find("signed-inputs");
  EXPECT_EQ(signed_inputs->input_ranges.at("input").lo, -1.0);
  EXPECT_EQ(signed_inputs->input_ranges.at("bias").lo, -1.0);

  const TestCase* big_bias = set.find("big-bias");
  EXPECT_EQ(big_bias->input_ranges.at("bias").lo, 100.0);
  EXPECT_EQ(big_bias->input_ranges.at("bias").hi, 200.0);
  EXPECT_EQ(big_bias->input_ranges.at("input").lo, 0.0);
}

TEST_F(CasesTest, ToleranceDefaultsWhenAbsent) {
  CaseSet set = parse_cases(
      "tiers:\n"
      "  sample: [{name: s, params: {scale: 1, rows: 1, cols: 1}}]\n"
      "  check:\n"
      "    - {name: c1, params: {scale: 1, rows: 1, cols: 1}}\n"
      "    - {name: c2, params: {scale: 1, rows: 1, cols: 2}}\n"
      "    - {name: c3, params: {scale: 1, rows: 1, cols: 3}}\n"
      "    - {name: c4, params: {scale: 1, rows: 1, cols: 4}}\n"
      "    - {name: c5, params: {scale: 1, rows: 1, cols: 5}}\n"
      "    - {name: c6, params: {scale: 1, rows: 1, cols: 6}}\n"
      "  full: [{name: f, params: {scale: 1, rows: 9, cols: 9}}]\n",
      "inline.yaml", m_statement.signature, *m_definition);
  EXPECT_DOUBLE_EQ(set.tolerance.rtol, Tolerance{}.rtol);
  EXPECT_DOUBLE_EQ(set.tolerance.atol, Tolerance{}.atol);
  EXPECT_EQ(set.cases.size(), 8u);
}

// Every file under testdata/broken_cases, the line its error must name and
// a piece of the reason (which names the case and parameter where there is one).
const std::vector<BrokenFile> kBroken = {
    {"bad_yaml.yaml", 12, "invalid YAML: end of map flow not found"},
    {"missing_tiers.yaml", 1, "cases.yaml has no 'tiers'"},
    {"missing_full_tier.yaml", 4, "tier 'full' is missing"},
    {"unknown_tier.yaml", 22, "tiers has an unknown field 'huge'"},
    {"two_samples.yaml", 5, "tier 'sample' must hold exactly one case, it has 2"},
    {"too_few_check_cases.yaml", 8, "tier 'check' must hold at least 6 cases, it has 5"},
    {"unknown_parameter.yaml", 11, "case 'odd-sizes': unknown parameter 'depth'"},
    {"missing_parameter.yaml", 11, "case 'odd-sizes': missing parameter 'cols'"},
    {"real_for_integer.yaml", 11, "case 'odd-sizes': parameter 'rows' (size_t) must be an integer, not '7.5'"},
    {"negative_size.yaml", 11, "case 'odd-sizes': parameter 'rows' (size_t): -7 is out of range"},
    {"not_a_number.yaml", 11, "case 'odd-sizes': parameter 'scale' (double) must be a finite number, not 'half'"},
    {"tensor_in_params.yaml", 11, "case 'odd-sizes': parameter 'input' is a tensor"},
    {"duplicate_case.yaml", 18, "duplicate case name 'odd-sizes' (first on line 10)"},
    {"invalid_by_definition.yaml", 20, "case 'tall': invalid parameters: rows = 0 must be at least 1"},
    {"range_names_output.yaml", 17, "case 'big-bias': inputs: 'output' is not an input tensor"},
    {"range_reversed.yaml", 17, "case 'big-bias': inputs: 'bias' needs lo < hi"},
    {"range_too_wide.yaml", 17, "case 'big-bias': inputs: 'bias' range [1.0e-10, 1.0e+10) is too wide"},
    {"negative_tolerance.yaml", 2, "tolerance rtol and atol must not be negative"},
    {"unknown_case_field.yaml", 17, "case 'big-bias' has an unknown field 'input'"},
    {"bad_case_name.yaml", 18, "case 'wide case': a case name is letters, digits"},
};

TEST_F(CasesTest, EveryBrokenFileNamesFileLineCaseAndParameter) {
  expect_each_broken_file_fails(problem_testdata() / "broken_cases", kBroken,
                                [&](const std::filesystem::path& file) { load(file); });
}

// Cases of the test-only problem every-dtype: typed tensors and dtypes.
class TypedCasesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    m_statement = load_statement(problem_testdata() / "problems/every-dtype/statement.md");
    m_definition = make_definition("every-dtype");
    ASSERT_NE(m_definition, nullptr);
  }
  CaseSet parse(const std::string& text, ScalarType dtype = ScalarType::kFloat32) const {
    return parse_cases(text, "typed.yaml", m_statement.signature.with_dtype(dtype), *m_definition,
                       m_statement.dtypes, dtype);
  }
  std::string error_of(const std::string& text, ScalarType dtype = ScalarType::kFloat32) const {
    try {
      parse(text, dtype);
    } catch (const ProblemError& error) {
      return error.what();
    }
    return "(no error)";
  }
  // A valid file with `tolerance` and the first check case's extra fields.
  static std::string file(const std::string& tolerance, const std::string& extra = "") {
    std::string text = tolerance + "\ntiers:\n  sample:\n    - {name: s, params: {scale: 1, n: 2}}\n  check:\n";
    text += "    - {name: c0, params: {scale: 1, n: 3" + extra + "}}\n";
    for (int i = 1; i < 6; ++i) text += "    - {name: c" + std::to_string(i) + ", params: {scale: 1, n: 2}}\n";
    return text + "  full:\n    - {name: f, params: {scale: 1, n: 2}}\n";
  }
  static constexpr const char* kAllTolerances =
      "tolerance: {rtol: 1.0e-6, atol: 0, float16: {rtol: 1.0e-3, atol: 0}, bfloat16: {rtol: 1.0e-2, atol: 0}, "
      "float64: {rtol: 1.0e-12, atol: 0}}";

  Statement m_statement;
  std::unique_ptr<ProblemDefinition> m_definition;
};

TEST_F(TypedCasesTest, EachDtypeGetsItsOwnTolerance) {
  EXPECT_DOUBLE_EQ(parse(file(kAllTolerances)).tolerance.rtol, 1e-6);
  EXPECT_DOUBLE_EQ(parse(file(kAllTolerances), ScalarType::kFloat16).tolerance.rtol, 1e-3);
  const CaseSet bfloat = parse(file(kAllTolerances), ScalarType::kBFloat16);
  EXPECT_DOUBLE_EQ(bfloat.tolerance.rtol, 1e-2);
  EXPECT_EQ(bfloat.tolerances.size(), 4u);
}

TEST_F(TypedCasesTest, EveryOfferedDtypeNeedsATolerance) {
  EXPECT_EQ(error_of(file("tolerance: {rtol: 1.0e-6, float16: {rtol: 1.0e-3}, bfloat16: {rtol: 1.0e-2}}")),
            "typed.yaml:1: the statement offers dtype float64, but 'tolerance' has no 'float64: {rtol: ..., atol: ...}' "
            "for it");
  EXPECT_NE(error_of(file("tolerance: {rtol: 1.0e-6, float8: {rtol: 1}}")).find("unknown field 'float8'"),
            std::string::npos);
}

TEST_F(TypedCasesTest, ScalarsOfTheDtypeAreRoundedToIt) {
  const std::string text = file(kAllTolerances);
  EXPECT_EQ(parse(text).find("c0")->args.real("scale"), 1.0);
  std::string tenth = text;
  tenth.replace(tenth.find("{scale: 1, n: 3"), 15, "{scale: 0.1, n: 3");
  EXPECT_EQ(parse(tenth, ScalarType::kFloat16).find("c0")->args.real("scale"), 0.0999755859375);
  EXPECT_EQ(parse(tenth, ScalarType::kFloat64).find("c0")->args.real("scale"), 0.1);
}

TEST_F(TypedCasesTest, IntegerTensorsTakeLiteralListsAndIntegerRanges) {
  const CaseSet set = parse(file(kAllTolerances, ", sz: [5, 6, 7]"));
  EXPECT_EQ(set.find("c0")->args.array("sz"), (std::vector<int64_t>{5, 6, 7}));
  EXPECT_EQ(set.find("c0")->input_ranges.at("i8").hi, 100) << "integer tensors default to [0, 100)";
  EXPECT_EQ(set.find("c0")->input_ranges.at("flags").hi, 2);
  EXPECT_EQ(error_of(file(kAllTolerances, ", i8: [1, 2, 300]")),
            "typed.yaml:6: case 'c0': parameter 'i8' (const int8_t*) element: 300 is out of range [-128, 127]");
  EXPECT_NE(error_of(file(kAllTolerances, ", x: [1, 2, 3]")).find("parameter 'x' is a tensor"), std::string::npos)
      << "only integer tensors are given literally";
  std::string ranged = file(kAllTolerances);
  ranged.replace(ranged.find("{name: c0, params: {scale: 1, n: 3}}"), 36,
                 "{name: c0, params: {scale: 1, n: 3}, inputs: {u8: [0, 257]}}");
  EXPECT_NE(error_of(ranged).find("inputs: 'u8' is a const uint8_t* tensor: its range [lo, hi) needs integer bounds "
                                  "within uint8"),
            std::string::npos)
      << error_of(ranged);
}

}  // namespace
}  // namespace judge
