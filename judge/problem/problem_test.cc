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

// A test problem's definition with input shaping added: every float input
// element gets `offset` added, and the first element of "input" (scale-rows)
// is set from a scalar parameter.
class ShapedDefinition : public ProblemDefinition {
 public:
  ShapedDefinition(std::unique_ptr<ProblemDefinition> inner, float offset)
      : m_inner(std::move(inner)), m_offset(offset) {}
  std::vector<ParameterDecl> parameters() const override { return m_inner->parameters(); }
  void validate(const ScalarArgs& args) const override { m_inner->validate(args); }
  std::map<std::string, Shape> tensor_shapes(const ScalarArgs& args) const override {
    return m_inner->tensor_shapes(args);
  }
  double flops(const ScalarArgs& args) const override { return m_inner->flops(args); }
  std::string flop_formula() const override { return m_inner->flop_formula(); }
  void reference(const ScalarArgs& args, const ConstTensors& inputs, const MutableTensors& outputs) const override {
    m_inner->reference(args, inputs, outputs);
  }
  void shape_inputs(const ScalarArgs& args, const MutableTensors& inputs) const override {
    const std::map<std::string, Shape> shapes = tensor_shapes(args);
    for (const auto& [name, view] : inputs) {
      if (host_type(view.type()) != ScalarType::kFloat32) continue;
      float* values = view.as<float>();
      for (int64_t i = 0; i < element_count(shapes.at(name)); ++i) values[i] += m_offset;
    }
    if (args.has("rows")) inputs.at("input").as<float>()[0] = static_cast<float>(args.integer("rows"));
  }
  std::string input_shaping() const override { return "every float element plus an offset"; }

 private:
  std::unique_ptr<ProblemDefinition> m_inner;
  float m_offset;
};

TEST(CaseData, NoShapingByDefault) {
  Problem problem = Catalogue(testdata() / "problems").load("scale-rows");
  EXPECT_EQ(problem.definition->input_shaping(), "");
  const TestCase& test_case = problem.find_case("signed-inputs");
  CaseTensors tensors = generate_case_inputs(problem, test_case, 3);
  const uint64_t key = input_stream_key("scale-rows", "signed-inputs", "input", 3);
  for (std::size_t i = 0; i < 20; ++i) {
    EXPECT_EQ(tensors.inputs.at("input").values<float>()[i], uniform_element(key, i, -1.0f, 1.0f));
  }
}

TEST(CaseData, ShapingFollowsTheDrawsDeterministicallyAndTheReferenceSeesIt) {
  Problem problem = Catalogue(testdata() / "problems").load("scale-rows");
  problem.definition = std::make_unique<ShapedDefinition>(std::move(problem.definition), 1000.0f);
  const TestCase& test_case = problem.find_case("big-bias");  // rows 3, cols 8, scale 0.5
  CaseTensors tensors = generate_case_inputs(problem, test_case, 7);
  const uint64_t input_key = input_stream_key("scale-rows", "big-bias", "input", 7);
  const uint64_t bias_key = input_stream_key("scale-rows", "big-bias", "bias", 7);
  EXPECT_EQ(tensors.inputs.at("input").values<float>()[0], 3.0f);  // set from `rows`
  for (std::size_t i = 1; i < 24; ++i) {
    EXPECT_EQ(tensors.inputs.at("input").values<float>()[i], uniform_element(input_key, i, 0.0f, 1.0f) + 1000.0f);
  }
  for (std::size_t i = 0; i < 8; ++i) {
    EXPECT_EQ(tensors.inputs.at("bias").values<float>()[i], uniform_element(bias_key, i, 100.0f, 200.0f) + 1000.0f);
  }
  // Same seed, same inputs; another seed, other inputs.
  EXPECT_TRUE(generate_case_inputs(problem, test_case, 7).inputs == tensors.inputs);
  EXPECT_FALSE(generate_case_inputs(problem, test_case, 8).inputs.at("bias") == tensors.inputs.at("bias"));
  compute_expected(problem, test_case, tensors);
  const float* bias = tensors.inputs.at("bias").view();
  EXPECT_FLOAT_EQ(tensors.outputs.at("output").at(0), 3.0f * 0.5f + bias[0]);
}

TEST(CaseData, ShapedHalfPrecisionInputsAreRoundedToTheirType) {
  for (const std::string dtype : {"float16", "bfloat16"}) {
    SCOPED_TRACE(dtype);
    Problem problem = Catalogue(testdata() / "problems").load("every-dtype", dtype);
    problem.definition = std::make_unique<ShapedDefinition>(std::move(problem.definition), 1.0f / 3.0f);
    const TestCase& test_case = problem.find_case("c4");
    const CaseTensors tensors = generate_case_inputs(problem, test_case, 0);
    const TensorBuffer& x = tensors.inputs.at("x");
    ASSERT_EQ(x.type(), dtype == "float16" ? ScalarType::kFloat16 : ScalarType::kBFloat16);
    int64_t shifted = 0;
    const uint64_t key = input_stream_key("every-dtype", "c4", "x", 0);
    for (int64_t i = 0; i < x.size(); ++i) {
      TensorBuffer rounded(x.type(), 1);
      rounded.set(0, x.at(i));
      EXPECT_EQ(rounded.at(0), x.at(i)) << "element " << i << " is not a " << dtype << " value";
      shifted += x.at(i) > uniform_element(key, static_cast<uint64_t>(i), 0.0f, 1.0f) + 0.25;
    }
    EXPECT_EQ(shifted, x.size());
  }
}

}  // namespace
}  // namespace judge
