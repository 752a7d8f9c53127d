#include "judge/problem/problem.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "judge/common/errors.h"
#include "judge/problem/case_data.h"
#include "judge/problem/inputs.h"
#include "judge/problem/philox.h"

namespace judge {
namespace {

std::filesystem::path testdata() {
  return std::filesystem::path(std::getenv("TEST_SRCDIR")) / "judge/judge/problem/testdata";
}

std::string error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const std::exception& error) {
    return error.what();
  }
  return "(no error)";
}

TEST(Catalogue, ListsFoldersWithAStatement) {
  Catalogue catalogue(testdata() / "problems");
  EXPECT_EQ(catalogue.slugs(), (std::vector<std::string>{"every-dtype", "scale-rows"}));
}

TEST(Catalogue, LoadsTheTestProblemWithMessagesUnderTheDisplayRoot) {
  Catalogue catalogue(testdata() / "problems", "problems");
  Problem problem = catalogue.load("scale-rows");
  EXPECT_EQ(problem.slug(), "scale-rows");
  EXPECT_EQ(problem.statement.file, std::filesystem::path("problems/scale-rows/statement.md"));
  EXPECT_EQ(problem.cases.file, std::filesystem::path("problems/scale-rows/cases.yaml"));
  EXPECT_EQ(problem.dir, testdata() / "problems/scale-rows");
  EXPECT_EQ(problem.cases.cases.size(), 8u);
  EXPECT_DOUBLE_EQ(problem.tolerance().rtol, 1e-5);
  EXPECT_EQ(problem.find_case("wide").args.integer("cols"), 1000);
}

TEST(Catalogue, UnknownSlugListsTheKnownOnes) {
  Catalogue catalogue(testdata() / "problems");
  std::string message = error_of([&] { catalogue.load("scale-row"); });
  EXPECT_NE(message.find("unknown problem 'scale-row'"), std::string::npos) << message;
  EXPECT_NE(message.find("known problems: every-dtype, scale-rows"), std::string::npos) << message;
  EXPECT_THROW(catalogue.load("scale-row"), UsageError);
}

TEST(Problem, UnknownCaseListsTheCaseNames) {
  Problem problem = Catalogue(testdata() / "problems").load("scale-rows");
  std::string message = error_of([&] { problem.find_case("huge"); });
  EXPECT_NE(message.find("no case 'huge'"), std::string::npos) << message;
  EXPECT_NE(message.find("tiny, one-element, odd-sizes"), std::string::npos) << message;
  EXPECT_THROW(problem.find_case("huge"), UsageError);
}

TEST(Problem, SlugMustEqualTheFolderName) {
  std::string message = error_of([] { load_problem(testdata() / "bad_problems/wrong-folder", "problems/wrong-folder"); });
  EXPECT_EQ(message,
            "problems/wrong-folder/statement.md: slug 'scale-rows' must equal the folder name 'wrong-folder'");
}

TEST(Problem, MissingDefinitionSaysHowToRegisterIt) {
  std::string message = error_of([] { load_problem(testdata() / "bad_problems/unregistered-problem"); });
  EXPECT_NE(message.find("no definition is registered for problem 'unregistered-problem'"), std::string::npos) << message;
  EXPECT_NE(message.find("REGISTER_PROBLEM(\"unregistered-problem\", ...)"), std::string::npos) << message;
  EXPECT_NE(message.find("registered: every-dtype, scale-rows"), std::string::npos) << message;
}

// A definition whose parameter list is given by the test.
class ListedDefinition : public ProblemDefinition {
 public:
  explicit ListedDefinition(std::vector<ParameterDecl> decls) : m_decls(std::move(decls)) {}
  std::vector<ParameterDecl> parameters() const override { return m_decls; }
  void validate(const ScalarArgs&) const override {}
  std::map<std::string, Shape> tensor_shapes(const ScalarArgs&) const override { return {}; }
  double flops(const ScalarArgs&) const override { return 0; }
  std::string flop_formula() const override { return ""; }
  void reference(const ScalarArgs&, const ConstTensors&, const MutableTensors&) const override {}

 private:
  std::vector<ParameterDecl> m_decls;
};

class CrossCheck : public ::testing::Test {
 protected:
  void SetUp() override {
    m_statement = load_statement(testdata() / "problems/scale-rows/statement.md");
    m_statement.file = "problems/scale-rows/statement.md";
  }
  std::string mismatch(std::vector<ProblemDefinition::ParameterDecl> decls) const {
    ListedDefinition definition(std::move(decls));
    return error_of([&] { check_definition_matches(m_statement, definition); });
  }
  Statement m_statement;
};

TEST_F(CrossCheck, MatchingListPasses) {
  EXPECT_EQ(mismatch({{"input", "const float*"}, {"bias", "const float*"}, {"output", "float*"},
                      {"scale", "double"}, {"rows", "size_t"}, {"cols", "size_t"}}),
            "(no error)");
}

TEST_F(CrossCheck, SwappedNamesNameBothSides) {
  EXPECT_EQ(mismatch({{"bias", "const float*"}, {"input", "const float*"}, {"output", "float*"},
                      {"scale", "double"}, {"rows", "size_t"}, {"cols", "size_t"}}),
            "problems/scale-rows/statement.md:8: declares parameter 1 'input' as const float*, but the "
            "definition registered for 'scale-rows' has 'bias' const float*");
}

TEST_F(CrossCheck, ConstnessAndTypeAreCompared) {
  EXPECT_NE(mismatch({{"input", "float*"}, {"bias", "const float*"}, {"output", "float*"},
                      {"scale", "double"}, {"rows", "size_t"}, {"cols", "size_t"}})
                .find("declares parameter 1 'input' as const float*, but the definition registered for "
                      "'scale-rows' has 'input' float*"),
            std::string::npos);
  EXPECT_NE(mismatch({{"input", "const float*"}, {"bias", "const float*"}, {"output", "float*"},
                      {"scale", "float"}, {"rows", "size_t"}, {"cols", "size_t"}})
                .find("declares parameter 4 'scale' as double, but the definition registered for "
                      "'scale-rows' has 'scale' float"),
            std::string::npos);
}

TEST_F(CrossCheck, CountDifferenceNamesTheFirstExtra) {
  std::string message = mismatch({{"input", "const float*"}, {"bias", "const float*"}, {"output", "float*"},
                                  {"scale", "double"}, {"rows", "size_t"}});
  EXPECT_EQ(message,
            "problems/scale-rows/statement.md: declares 6 parameters, but the definition registered for "
            "'scale-rows' has 5; the statement's parameter 6 is 'cols' size_t");
}

TEST_F(CrossCheck, UnknownCTypeInDefinition) {
  std::string message = mismatch({{"input", "const float4*"}});
  EXPECT_NE(message.find("'const float4*', which is not one the judge knows"), std::string::npos) << message;
}

TEST(CaseData, InputsFollowTheStreamsAndTheReferenceFillsOutputs) {
  Problem problem = Catalogue(testdata() / "problems").load("scale-rows");
  const TestCase& test_case = problem.find_case("big-bias");
  CaseTensors tensors = generate_case_inputs(problem, test_case, 7);
  ASSERT_EQ(tensors.inputs.at("input").size(), 24u);
  ASSERT_EQ(tensors.inputs.at("bias").size(), 8u);
  ASSERT_EQ(tensors.outputs.at("output").size(), 24u);
  const uint64_t bias_key = input_stream_key("scale-rows", "big-bias", "bias", 7);
  for (std::size_t i = 0; i < 8; ++i) {
    const float bias = tensors.inputs.at("bias").values<float>()[i];
    EXPECT_EQ(bias, uniform_element(bias_key, i, 100.0f, 200.0f));
    EXPECT_GE(bias, 100.0f);
    EXPECT_LT(bias, 200.0f);
  }
  compute_expected(problem, test_case, tensors);
  const float* input = tensors.inputs.at("input").view();
  const float* bias = tensors.inputs.at("bias").view();
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 8; ++c) {
      EXPECT_FLOAT_EQ(tensors.outputs.at("output").at(r * 8 + c), input[r * 8 + c] * 0.5f + bias[c]);
    }
  }
  CaseTensors other_seed = generate_case_inputs(problem, test_case, 8);
  EXPECT_FALSE(other_seed.inputs.at("input") == tensors.inputs.at("input"));
}

}  // namespace
}  // namespace judge
