#include "judge/problem/statement.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "judge/common/errors.h"

namespace judge {
namespace {

std::filesystem::path testdata() {
  return std::filesystem::path(std::getenv("TEST_SRCDIR")) / "judge/judge/problem/testdata";
}

TEST(Statement, ParsesTheTestProblem) {
  Statement statement = load_statement(testdata() / "problems/scale-rows/statement.md");
  EXPECT_EQ(statement.slug, "scale-rows");
  EXPECT_EQ(statement.title, "Scale Rows");
  EXPECT_EQ(statement.difficulty, "EASY");
  EXPECT_EQ(statement.author, "judge tests");
  EXPECT_EQ(statement.tags, (std::vector<std::string>{"elementwise", "test-only"}));
  ASSERT_EQ(statement.signature.parameters.size(), 6u);
  EXPECT_EQ(statement.body_line, 38);
  EXPECT_EQ(statement.body.rfind("\nA problem that exists only to test the judge", 0), 0u) << statement.body;

  const Parameter& bias = statement.signature.parameters[1];  // written with YAML booleans
  EXPECT_EQ(bias.name, "bias");
  EXPECT_TRUE(bias.pointer);
  EXPECT_TRUE(bias.is_const);
  EXPECT_EQ(bias.line, 13);
  EXPECT_EQ(statement.signature.parameters[2].c_type(), "float*");
  EXPECT_EQ(statement.signature.parameters[3].c_type(), "double");
  EXPECT_EQ(statement.signature.parameters[4].c_type(), "size_t");
}

TEST(Statement, PrototypeIsTheExactCAbi) {
  Statement statement = load_statement(testdata() / "problems/scale-rows/statement.md");
  EXPECT_EQ(statement.signature.c_prototype(),
            "extern \"C\" void solution(const float* input, const float* bias, float* output, double scale, "
            "size_t rows, size_t cols);");
  EXPECT_EQ(statement.signature.scalars().size(), 3u);
  EXPECT_EQ(statement.signature.input_tensors().size(), 2u);
  ASSERT_EQ(statement.signature.output_tensors().size(), 1u);
  EXPECT_EQ(statement.signature.output_tensors()[0]->name, "output");
}

TEST(Statement, ReadsBothConstSpellingsAndIgnoresConstOnScalars) {
  const std::string text =
      "---\n"
      "slug: s\n"
      "title: T\n"
      "parameters:\n"
      "  - {name: a, type: \"[VAR]\", pointer: true, constant: true}\n"
      "  - {name: b, type: \"[VAR]\", pointer: \"true\", const: \"false\"}\n"
      "  - {name: n, type: int, pointer: false, constant: \"true\"}\n"
      "  - {name: m, type: uint32_t, pointer: false}\n"
      "---\n";
  Statement statement = parse_statement(text, "inline.md");
  EXPECT_EQ(statement.signature.c_prototype(),
            "extern \"C\" void solution(const float* a, float* b, int n, unsigned int m);");
  EXPECT_TRUE(statement.body.empty());
}

struct BrokenStatement {
  const char* file;
  int line;
  const char* reason;
};

// Every file under testdata/broken_statements, the line its error must name
// and a piece of the reason.
const BrokenStatement kBroken[] = {
    {"no_front_matter.md", 1, "no front matter"},
    {"unterminated.md", 1, "never closed"},
    {"bad_yaml.md", 7, "invalid YAML in the front matter"},
    {"missing_slug.md", 2, "front matter has no 'slug' field"},
    {"missing_title.md", 2, "front matter has no 'title' field"},
    {"missing_parameters.md", 2, "front matter has no 'parameters' field"},
    {"empty_parameters.md", 7, "'parameters' must be a non-empty list"},
    {"parameters_not_a_list.md", 7, "'parameters' must be a non-empty list"},
    {"parameter_missing_name.md", 12, "parameter 2 has no 'name' field"},
    {"parameter_missing_type.md", 16, "parameter 3 'n' has no 'type' field"},
    {"parameter_missing_pointer.md", 16, "parameter 3 'n' has no 'pointer' field"},
    {"unknown_type.md", 17, "parameter 3 'n': unknown type 'szie_t' (known: [VAR], float"},
    {"duplicate_name.md", 16, "duplicate parameter name 'input' (first declared on line 8)"},
    {"var_not_pointer.md", 17, "[VAR] is the element type of a tensor and needs pointer"},
    {"pointer_to_size_t.md", 9, "a pointer parameter must have type [VAR]"},
    {"invalid_identifier.md", 16, "'2n': the name is not a valid C identifier"},
    {"keyword_name.md", 16, "'float': the name is not a valid C identifier"},
    {"bad_boolean.md", 18, "'pointer' must be \"true\" or \"false\", not 'maybe'"},
    {"const_keys_disagree.md", 16, "'const' and 'constant' disagree"},
    {"unknown_parameter_field.md", 19, "unknown field 'constnat'"},
    {"no_output.md", 8, "no output: at least one parameter must be a non-const pointer"},
    {"bad_slug.md", 2, "slug 'Broken_Slug' must be lowercase"},
    {"bad_difficulty.md", 4, "difficulty 'TRIVIAL' must be EASY, MEDIUM or HARD"},
};

TEST(Statement, EveryBrokenFileNamesFileLineAndReason) {
  std::size_t files_in_corpus = 0;
  for (const auto& entry : std::filesystem::directory_iterator(testdata() / "broken_statements")) {
    (void)entry;
    ++files_in_corpus;
  }
  EXPECT_EQ(files_in_corpus, std::size(kBroken)) << "every corpus file needs a row in kBroken";

  for (const BrokenStatement& broken : kBroken) {
    const std::filesystem::path file = testdata() / "broken_statements" / broken.file;
    ASSERT_TRUE(std::filesystem::exists(file)) << file;
    try {
      load_statement(file);
      ADD_FAILURE() << broken.file << " parsed without error";
    } catch (const ProblemError& error) {
      const std::string message = error.what();
      const std::string where = file.string() + ":" + std::to_string(broken.line) + ": ";
      EXPECT_EQ(message.rfind(where, 0), 0u) << broken.file << ": expected to start with '" << where
                                             << "', got: " << message;
      EXPECT_NE(message.find(broken.reason), std::string::npos)
          << broken.file << ": expected '" << broken.reason << "' in: " << message;
    }
  }
}

TEST(Statement, MissingFileIsAProblemError) {
  EXPECT_THROW(load_statement(testdata() / "no-such-file.md"), ProblemError);
}

TEST(Identifier, AcceptsCNamesOnly) {
  EXPECT_TRUE(is_valid_identifier("bn_weight"));
  EXPECT_TRUE(is_valid_identifier("_x2"));
  EXPECT_FALSE(is_valid_identifier(""));
  EXPECT_FALSE(is_valid_identifier("2x"));
  EXPECT_FALSE(is_valid_identifier("a-b"));
  EXPECT_FALSE(is_valid_identifier("double"));
}

}  // namespace
}  // namespace judge
