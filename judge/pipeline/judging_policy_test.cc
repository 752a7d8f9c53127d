// The judging's defaults and rules (judging_policy.h), on the test problems.
#include "judge/pipeline/judging_policy.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "judge/common/errors.h"

namespace judge {
namespace {

Catalogue test_catalogue() {
  return Catalogue(std::filesystem::path(std::getenv("TEST_SRCDIR")) / "judge/judge/problem/testdata/problems");
}

Backend backend_of(BackendKind kind, bool check_memory = false) {
  Backend backend;
  backend.kind = kind;
  backend.check_memory = check_memory;
  return backend;
}

TEST(BundledSolution, IsDefaultCuForTheFirstDtypeAndNamedForOthers) {
  const Catalogue catalogue = test_catalogue();
  EXPECT_EQ(bundled_solution(catalogue.load("scale-rows")), "solutions/scale-rows/default.cu");
  const Problem every = catalogue.load("every-dtype");
  ASSERT_GE(every.statement.dtypes.size(), 2u);
  const std::string second = dtype_name(every.statement.dtypes[1]);
  EXPECT_EQ(bundled_solution(catalogue.load("every-dtype", second)),
            "solutions/every-dtype/" + second + "_default.cu");
}

TEST(Benchmark, ByDefaultOnAGpuOnly) {
  EXPECT_TRUE(default_options(backend_of(BackendKind::Cuda)).benchmark);
  EXPECT_FALSE(default_options(backend_of(BackendKind::Cpu)).benchmark);
}

TEST(MemoryLimit, DefaultsOnTheCpuBackendWithoutAddressSanitizerOnly) {
  EXPECT_EQ(memory_limit_bytes(backend_of(BackendKind::Cpu), std::nullopt), kDefaultCpuMemoryLimitMiB << 20);
  EXPECT_EQ(memory_limit_bytes(backend_of(BackendKind::Cpu, /*check_memory=*/true), std::nullopt), 0u);
  EXPECT_EQ(memory_limit_bytes(backend_of(BackendKind::Cuda), std::nullopt), 0u);
  EXPECT_EQ(memory_limit_bytes(backend_of(BackendKind::Cpu), 100), 100ull << 20);
  EXPECT_EQ(memory_limit_bytes(backend_of(BackendKind::Cpu), 0), 0u);
  EXPECT_EQ(memory_limit_bytes(backend_of(BackendKind::Cuda), 0), 0u);
}

TEST(MemoryLimit, WhereItCannotApplyIsAUsageError) {
  EXPECT_THROW(memory_limit_bytes(backend_of(BackendKind::Cuda), 100), UsageError);
  EXPECT_THROW(memory_limit_bytes(backend_of(BackendKind::Cpu, /*check_memory=*/true), 100), UsageError);
  EXPECT_THROW(memory_limit_bytes(backend_of(BackendKind::Cpu), 1ull << 50), UsageError);
}

TEST(RestrictToCase, KeepsTheBenchmarkWhenBothTiersHaveTheCase) {
  const Problem problem = test_catalogue().load("scale-rows");
  JudgeOptions options;
  options.check_tier = Tier::kCheck;
  options.benchmark = true;
  options.bench_tier = Tier::kCheck;
  EXPECT_EQ(restrict_to_case(problem, "wide", options), std::nullopt);
  EXPECT_EQ(options.only_case, "wide");
  EXPECT_TRUE(options.benchmark);
}

TEST(RestrictToCase, DropsTheBenchmarkWhenTheBenchTierLacksTheCase) {
  const Problem problem = test_catalogue().load("scale-rows");
  JudgeOptions options;
  options.benchmark = true;  // bench tier: full, which has only 'large'
  const std::optional<std::string> note = restrict_to_case(problem, "wide", options);
  ASSERT_TRUE(note.has_value());
  EXPECT_NE(note->find("no benchmark"), std::string::npos);
  EXPECT_FALSE(options.benchmark);
}

TEST(RestrictToCase, ACaseOutsideTheCheckTierIsAUsageErrorNamingTheTiersCases) {
  const Problem problem = test_catalogue().load("scale-rows");
  JudgeOptions options;
  try {
    restrict_to_case(problem, "large", options);
    FAIL() << "no error";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("'check' tier (one-element, odd-sizes"), std::string::npos)
        << error.what();
  }
  options.check_tier = std::nullopt;  // --tier none: the bench tier must have it
  options.benchmark = true;
  EXPECT_EQ(restrict_to_case(problem, "large", options), std::nullopt);
  EXPECT_THROW(restrict_to_case(problem, "wide", options), UsageError);
}

}  // namespace
}  // namespace judge
