#include "judge/pipeline/source_check.h"

#include <gtest/gtest.h>

#include <chrono>
#include <functional>

#include "judge/problem/scalar_type.h"

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

// The scan reads the judge's one table of C types (scalar_type.h): every
// type's prototype spelling is its own canonical form, and the spellings
// LP64 makes one type compare equal.
TEST(CanonicalType, AgreesWithTheScalarTypeTable) {
  for (ScalarType type : all_scalar_types()) {
    EXPECT_EQ(canonical_c_type(std::string(c_name(type)) + " const*"),
              std::string("const ") + c_name(abi_type(type)) + "*");
  }
  EXPECT_EQ(canonical_c_type("uint64_t"), canonical_c_type("size_t"));
  EXPECT_EQ(canonical_c_type("std::uint64_t"), canonical_c_type("unsigned long long"));
  EXPECT_EQ(canonical_c_type("std::int32_t"), "int");
  EXPECT_EQ(canonical_c_type("long long"), "int64_t");
  EXPECT_NE(canonical_c_type("long"), canonical_c_type("int"));
  EXPECT_EQ(canonical_c_type("struct params*"), "params*") << "not a scalar type: compared as written";
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

TEST(SignatureCheck, SurvivesABackslashAtTheEnd) {
  auto error = check_solution_signature("const char* s = \"\\", kAbi);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("no definition of `solution`"), std::string::npos);
}

// Sources shaped to make a naive scan quadratic (every `solution(` scanned
// to its far-away closing parenthesis, or to the end) or to overflow a
// recursive regex matcher. The scan must visit each character a bounded
// number of times: its cost grows linearly with the size, and a 10 MB
// source (ten times the judge's cap) is checked in far less than a second.
struct Adversary {
  const char* name;
  std::function<std::string(std::size_t bytes)> make;
};

std::string repeated(const std::string& unit, std::size_t bytes) {
  std::string out;
  out.reserve(bytes + unit.size());
  while (out.size() < bytes) out += unit;
  return out;
}

const Adversary kAdversaries[] = {
    {"nested unclosed calls", [](std::size_t n) { return repeated("solution(", n); }},
    {"nested closed calls",
     [](std::size_t n) {
       std::string open = repeated("solution(", n / 2);
       return open + std::string(open.size() / 9, ')');
     }},
    {"calls then a definition",
     [](std::size_t n) { return repeated("solution(x);\n", n) + "extern \"C\" void solution(int a) {}"; }},
    {"one call spanning everything",
     [](std::size_t n) { return "solution(" + repeated("(a,b)<c>[d],", n) + ")"; }},
    {"blanks between name and parenthesis", [](std::size_t n) { return "solution" + std::string(n, ' ') + "("; }},
    {"unterminated comment", [](std::size_t n) { return "/*" + repeated("solution(", n); }},
    {"a huge parameter list",
     [](std::size_t n) { return "extern \"C\" void solution(" + repeated("const float* a, ", n) + "int z) {}"; }},
};

TEST(SignatureCheck, CostIsLinearInTheSourceSize) {
  for (const Adversary& adversary : kAdversaries) {
    std::size_t small_cost = 0, large_cost = 0;
    const std::string small = adversary.make(100'000), large = adversary.make(1'000'000);
    check_solution_signature(small, kAbi, &small_cost);
    check_solution_signature(large, kAbi, &large_cost);
    EXPECT_GT(small_cost, 0u) << adversary.name;
    EXPECT_LE(large_cost, 8 * large.size()) << adversary.name;
    // Ten times the input, about ten times the work (a quadratic scan: 100x).
    EXPECT_LE(large_cost, 12 * small_cost) << adversary.name;
  }
}

// A complexity guard counted in steps, not timed: the quadratic scan took
// minutes on these.
TEST(SignatureCheck, TenMegabyteAdversariesCostLinearWork) {
  for (const Adversary& adversary : kAdversaries) {
    const std::string source = adversary.make(10'000'000);
    std::size_t cost = 0;
    const auto result = check_solution_signature(source, kAbi, &cost);
    EXPECT_LE(cost, 8 * source.size()) << adversary.name;
    EXPECT_TRUE(result.has_value()) << adversary.name;
  }
}

}  // namespace
}  // namespace judge
