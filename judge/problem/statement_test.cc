#include "judge/problem/statement.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "judge/common/errors.h"
#include "judge/problem/corpus_checks.h"

namespace judge {
namespace {

TEST(Statement, ParsesTheTestProblem) {
  Statement statement = load_statement(problem_testdata() / "problems/scale-rows/statement.md");
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
  Statement statement = load_statement(problem_testdata() / "problems/scale-rows/statement.md");
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

// Every file under testdata/broken_statements, the line its error must name
// and a piece of the reason.
const std::vector<BrokenFile> kBroken = {
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
    {"var_scalar_without_dtype.md", 16, "'n' is a [VAR] scalar, but the problem has no dtype"},
    {"pointer_to_void.md", 9, "'input': a pointer to void has no element type"},
    {"unknown_pointer_type.md", 5, "parameter 1 'output': unknown type 'float4'"},
    {"unknown_dtype.md", 7, "'dtypes': unknown dtype 'float8' (known: float32, float16, bfloat16, float64)"},
    {"dtypes_without_var.md", 6, "'dtypes' is given, but no parameter is [VAR]"},
    {"duplicate_dtype.md", 7, "'dtypes' lists float16 twice"},
    {"long_name.md", 5, "the name is not a valid C identifier"},
    {"slug_double_joiner.md", 2, "slug 'sum_-dim' must be lowercase letters and digits joined by single '-' or '_'"},
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
  expect_each_broken_file_fails(problem_testdata() / "broken_statements", kBroken,
                                [&](const std::filesystem::path& file) { load_statement(file); });
}

struct AcceptedStatement {
  const char* file;
  const char* prototype;  // in the default dtype
  std::vector<ScalarType> dtypes;
};

// Every file under testdata/accepted_statements and the prototype it gives.
const AcceptedStatement kAccepted[] = {
    {"every_pointer_type.md",
     "extern \"C\" void solution(const float* p0, const double* p1, const __half* p2, const __nv_bfloat16* p3, "
     "const int8_t* p4, const int16_t* p5, const int* p6, const int64_t* p7, const uint8_t* p8, const uint16_t* p9, "
     "const unsigned int* p10, const uint64_t* p11, const int* p12, const unsigned int* p13, const unsigned int* p14, "
     "const size_t* p15, const bool* p16, float* out);",
     {ScalarType::kFloat32}},
    {"every_scalar_type.md",
     "extern \"C\" void solution(int* out, float s0, double s1, __half s2, __nv_bfloat16 s3, int8_t s4, int16_t s5, "
     "int s6, int64_t s7, uint8_t s8, uint16_t s9, unsigned int s10, uint64_t s11, int s12, unsigned int s13, "
     "unsigned int s14, size_t s15, bool s16);",
     {ScalarType::kFloat32}},
    {"var_scalar_and_dtypes.md",
     "extern \"C\" void solution(const float* input, float alpha, float* output, size_t n);",
     {ScalarType::kFloat32, ScalarType::kFloat16, ScalarType::kBFloat16}},
    {"var_scalar_integer_tensors.md", "extern \"C\" void solution(const int* input, double factor, float* output);",
     {ScalarType::kFloat64}},
    {"tensara_style_argmax.md",
     "extern \"C\" void solution(const float* input, int dim, int* output, const size_t* shape, size_t ndim);",
     {ScalarType::kFloat32}},
};

TEST(Statement, EveryAcceptedFileGivesItsPrototype) {
  EXPECT_EQ(files_in(problem_testdata() / "accepted_statements"), std::size(kAccepted))
      << "every corpus file needs a row in kAccepted";
  for (const AcceptedStatement& accepted : kAccepted) {
    try {
      const Statement statement = load_statement(problem_testdata() / "accepted_statements" / accepted.file);
      EXPECT_EQ(statement.signature.c_prototype(), accepted.prototype) << accepted.file;
      EXPECT_EQ(statement.dtypes, accepted.dtypes) << accepted.file;
    } catch (const ProblemError& error) {
      ADD_FAILURE() << accepted.file << ": " << error.what();
    }
  }
}

TEST(Statement, VarParametersTakeEachDtype) {
  const Statement statement = load_statement(problem_testdata() / "accepted_statements/var_scalar_and_dtypes.md");
  EXPECT_EQ(statement.slug, "leaky_relu") << "Tensara accepts an underscore in a slug";
  const Signature half = statement.signature.with_dtype(ScalarType::kFloat16);
  EXPECT_EQ(half.c_prototype(), "extern \"C\" void solution(const __half* input, __half alpha, __half* output, size_t n);");
  EXPECT_EQ(half.c_includes(), "#include <cstddef>\n#include <cstdint>\n#include <cuda_fp16.h>\n");
  const Signature bfloat = statement.signature.with_dtype(ScalarType::kBFloat16);
  EXPECT_EQ(bfloat.parameters[1].c_type(), "__nv_bfloat16");
  EXPECT_EQ(bfloat.parameters[0].declared_type(), "const [VAR]*");
  EXPECT_NE(bfloat.c_includes().find("<cuda_bf16.h>"), std::string::npos);
}

TEST(Statement, MissingFileIsAProblemError) {
  EXPECT_THROW(load_statement(problem_testdata() / "no-such-file.md"), ProblemError);
}

TEST(Slug, FollowsTensarasRule) {
  for (const char* good : {"relu", "leaky-relu", "matmul_4d", "conv2d-batch_norm", "a", "3d"}) {
    EXPECT_TRUE(is_valid_slug(good)) << good;
  }
  for (const char* bad : {"", "-relu", "relu-", "_relu", "a--b", "a_-b", "Relu", "leaky relu", "a.b", "a/b"}) {
    EXPECT_FALSE(is_valid_slug(bad)) << bad;
  }
  EXPECT_TRUE(is_valid_slug(std::string(100, 'a')));
  EXPECT_FALSE(is_valid_slug(std::string(101, 'a')));
}

TEST(Identifier, AcceptsCNamesOnly) {
  EXPECT_TRUE(is_valid_identifier("bn_weight"));
  EXPECT_TRUE(is_valid_identifier("_x2"));
  EXPECT_FALSE(is_valid_identifier(""));
  EXPECT_FALSE(is_valid_identifier("2x"));
  EXPECT_FALSE(is_valid_identifier("a-b"));
  EXPECT_FALSE(is_valid_identifier("double"));
  EXPECT_TRUE(is_valid_identifier(std::string(64, 'x')));
  EXPECT_FALSE(is_valid_identifier(std::string(65, 'x')));
  EXPECT_FALSE(is_valid_identifier(std::string(30000, 'x')));
}

}  // namespace
}  // namespace judge
