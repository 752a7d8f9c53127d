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
  EXPECT_EQ(bundled_solution(catalogue.load("every-dtype", second)), "solutions/every-dtype/" + second + "_default.cu");
}

TEST(Benchmark, ByDefaultOnAGpuOnly) {
  EXPECT_TRUE(default_options(backend_of(BackendKind::Cuda)).benchmark);
  EXPECT_FALSE(default_options(backend_of(BackendKind::Cpu)).benchmark);
}

TEST(Benchmark, HasAWallClockBudgetByDefaultOnTheCpuBackendOnly) {
  EXPECT_DOUBLE_EQ(default_options(backend_of(BackendKind::Cpu)).bench.budget_seconds, kDefaultCpuBenchBudgetSeconds);
  EXPECT_DOUBLE_EQ(default_options(backend_of(BackendKind::Cuda)).bench.budget_seconds, 0);
}

TEST(MemoryLimit, DefaultsOnTheCpuBackendWithoutAddressSanitizerOnly) {
  EXPECT_EQ(memory_limit_bytes(backend_of(BackendKind::Cpu), std::nullopt), kDefaultCpuMemoryLimitMiB << 20);
  EXPECT_EQ(memory_limit_bytes(backend_of(BackendKind::Cpu, /*check_memory=*/true), std::nullopt), 0u);
  EXPECT_EQ(memory_limit_bytes(backend_of(BackendKind::Cuda), std::nullopt), 0u);
  EXPECT_EQ(memory_limit_bytes(backend_of(BackendKind::Cpu), 100), 100ull << 20);
  EXPECT_EQ(memory_limit_bytes(backend_of(BackendKind::Cpu), 0), 0u);
  EXPECT_EQ(memory_limit_bytes(backend_of(BackendKind::Cuda), 0), 0u);
}

TEST(MemoryLimit, GrowsByTwiceTheLargestCasesTensors) {
  const double three_gib = 3.0 * (1ULL << 30);
  EXPECT_EQ(memory_limit_bytes(backend_of(BackendKind::Cpu), std::nullopt, three_gib),
            (kDefaultCpuMemoryLimitMiB + 6144) << 20);
  EXPECT_EQ(memory_limit_bytes(backend_of(BackendKind::Cpu), 100, three_gib), 100ull << 20);  // given: as is
  EXPECT_EQ(memory_limit_bytes(backend_of(BackendKind::Cuda), std::nullopt, three_gib), 0u);
}

TEST(ExchangeLimit, HoldsOneCallOfTheLargestCaseWithAnEighthToSpare) {
  constexpr double kMiB = 1ULL << 20;
  EXPECT_EQ(exchange_limit_bytes(std::nullopt, CaseBytes{}), kDefaultExchangeLimitMiB << 20);
  EXPECT_EQ(exchange_limit_bytes(std::nullopt, CaseBytes{1000 * kMiB, 1000 * kMiB}), kDefaultExchangeLimitMiB << 20);
  // Uploaded inputs, then every tensor downloaded: 2 x 4096 + 1024 MiB, and an eighth.
  const CaseBytes large{4096 * kMiB, 1024 * kMiB};
  EXPECT_EQ(exchange_limit_bytes(std::nullopt, large), (10368ull + 64) << 20);
  EXPECT_EQ(exchange_limit_bytes(100, large), 100ull << 20);
  EXPECT_EQ(exchange_limit_bytes(0, large), 0u);
  EXPECT_THROW(exchange_limit_bytes(1ull << 50, CaseBytes{}), UsageError);
}

// The check tier of a test problem, without a benchmark.
class CaseSizing : public ::testing::Test {
 protected:
  void SetUp() override {
    m_options.benchmark = false;
    m_largest = largest_case(m_problem, m_options);
    ASSERT_NE(m_largest, nullptr);
  }

  const Problem m_problem = test_catalogue().load("scale-rows");
  JudgeOptions m_options = default_options(backend_of(BackendKind::Cpu));
  const TestCase* m_largest = nullptr;
};

TEST_F(CaseSizing, TheLargestCaseIsTheLargestJudgedAndOnlyTheChosenOneWithCase) {
  for (const TestCase* test_case : m_problem.cases.tier(Tier::kCheck)) {
    EXPECT_LE(case_bytes(m_problem, *test_case).total(), case_bytes(m_problem, *m_largest).total())
        << test_case->name;
  }
  const TestCase* first = m_problem.cases.tier(Tier::kCheck).front();
  m_options.only_case = first->name;
  EXPECT_EQ(largest_case(m_problem, m_options), first);
  m_options.check_tier = std::nullopt;
  EXPECT_EQ(largest_case(m_problem, m_options), nullptr);
}

TEST_F(CaseSizing, ACaseThatFitsOnlyWithTheJudgesTensorsInFilesSpillsAndOneThatDoesNotIsAShortfall) {
  const CaseBytes bytes = case_bytes(m_problem, *m_largest);
  EXPECT_GT(bytes.inputs, 0);
  EXPECT_GT(bytes.outputs, 0);
  const bool checker = m_problem.definition->has_checker();
  const auto in_memory = static_cast<unsigned long long>(host_memory_needed(bytes, checker));
  const auto spilling = static_cast<unsigned long long>(host_memory_needed_spilling(bytes, checker));
  ASSERT_LT(spilling, in_memory);
  const unsigned long long roomy_disk = 1ULL << 40;
  auto plan = [&](unsigned long long available, unsigned long long disk) {
    return plan_host_memory(m_problem, m_options, available, "/spill", disk);
  };
  for (unsigned long long available : {in_memory, 0ULL}) {  // 0: unknown, not checked
    const HostMemoryPlan fits = plan(available, 0);
    EXPECT_FALSE(fits.spill);
    EXPECT_FALSE(fits.shortfall);
  }

  const HostMemoryPlan spills = plan(in_memory - 1, roomy_disk);
  EXPECT_TRUE(spills.spill);
  EXPECT_FALSE(spills.shortfall);
  EXPECT_NE(spills.note.find("case '" + m_largest->name + "' of scale-rows"), std::string::npos) << spills.note;
  EXPECT_NE(spills.note.find("/spill"), std::string::npos) << spills.note;

  for (const HostMemoryPlan& short_of : {plan(spilling - 1, roomy_disk), plan(in_memory - 1, 1)}) {
    EXPECT_FALSE(short_of.spill);
    ASSERT_TRUE(short_of.shortfall);
    EXPECT_NE(short_of.shortfall->find("case '" + m_largest->name + "' of scale-rows"), std::string::npos)
        << *short_of.shortfall;
    EXPECT_NE(short_of.shortfall->find("GiB of host memory"), std::string::npos) << *short_of.shortfall;
  }
  EXPECT_NE(plan(in_memory - 1, 1).shortfall->find("free in /spill"), std::string::npos);
}

TEST(HostMemory, AvailableMemoryIsReadFromTheKernel) { EXPECT_GT(available_host_memory(), 0u); }

TEST(MemoryLimit, WhereItCannotApplyIsAUsageError) {
  EXPECT_EQ(memory_limit_bytes(backend_of(BackendKind::Cuda), 100), 100ull << 20);  // RLIMIT_DATA there
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
