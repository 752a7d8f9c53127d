#include "judge/pipeline/source_check.h"

#include <gtest/gtest.h>

namespace judge {
namespace {

const std::vector<ExpectedParameter> kAbi = {
    {"input", "const float*"}, {"output", "float*"}, {"n", "size_t"}, {"scale", "double"}};

TEST(CanonicalType, NormalisesSpellings) {
  EXPECT_EQ(canonical_c_type("const float *"), "const float*");
  EXPECT_EQ(canonical_c_type("float const*"), "const float*");
  EXPECT_EQ(canonical_c_type("const float* __restrict__"), "const float*");
  EXPECT_EQ(canonical_c_type("float* const"), "float*");
  EXPECT_EQ(canonical_c_type("unsigned long"), "size_t");
  EXPECT_EQ(canonical_c_type("const size_t"), "size_t");
}

TEST(SignatureCheck, AcceptsMatchingDefinition) {
  const std::string source = R"(
    // solution(int) in a comment is ignored, and so is "solution(" in a string
    __global__ void k(const float* __restrict__ in, float* out, size_t n) {}
    extern "C" void solution(const float* __restrict__ input, float *output, std::size_t n, const double scale) {
      k<<<1, 1>>>(input, output, n);
    })";
  EXPECT_EQ(check_solution_signature(source, kAbi), std::nullopt);
}

TEST(SignatureCheck, AcceptsUnnamedParameters) {
  EXPECT_EQ(check_solution_signature("extern \"C\" void solution(const float*, float*, size_t, double) {}", kAbi),
            std::nullopt);
}

TEST(SignatureCheck, NamesTheWrongParameter) {
  auto error = check_solution_signature(
      "extern \"C\" void solution(const float* input, float* output, int n, double scale) {}", kAbi);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("parameter 3 ('n') is declared 'int', but the problem declares 'size_t n'"),
            std::string::npos)
      << *error;
}

TEST(SignatureCheck, ReportsADroppedConst) {
  auto error = check_solution_signature(
      "extern \"C\" void solution(float* input, float* output, size_t n, double scale) {}", kAbi);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("parameter 1 ('input') is declared 'float*'"), std::string::npos) << *error;
}

TEST(SignatureCheck, ReportsArityWithTheExpectedPrototype) {
  auto error = check_solution_signature("\n\nextern \"C\" void solution(const float* input, float* output) {}", kAbi);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("line 3: solution takes 2 parameters"), std::string::npos) << *error;
  EXPECT_NE(error->find("extern \"C\" void solution(const float* input, float* output, size_t n, double scale)"),
            std::string::npos)
      << *error;
}

TEST(SignatureCheck, ReportsAMissingDefinition) {
  auto error = check_solution_signature("extern \"C\" void solve(const float* a) {}", kAbi);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("no definition of `solution`"), std::string::npos);
}

}  // namespace
}  // namespace judge
