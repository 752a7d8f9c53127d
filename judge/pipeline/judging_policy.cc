#include "judge/pipeline/judging_policy.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>

#include "judge/common/errors.h"
#include "judge/common/printable.h"

namespace judge {

namespace {

std::string case_names(const std::vector<const TestCase*>& cases) {
  std::string names;
  for (const TestCase* test_case : cases) names += (names.empty() ? "" : ", ") + test_case->name;
  return names;
}

// Whole MiB that hold `bytes`.
unsigned long long mebibytes_to_hold(double bytes) {
  return static_cast<unsigned long long>(std::ceil(std::max(0.0, bytes) / double(1ULL << 20)));
}

unsigned long long checked_mebibytes(unsigned long long mib, const std::string& flag) {
  constexpr unsigned long long kLargestMiB = 1ULL << 40;  // beyond any machine; << 20 must not overflow
  if (mib > kLargestMiB) {
    throw UsageError(flag + " is in MiB; " + std::to_string(mib) + " is beyond any machine (0 turns it off)");
  }
  return mib << 20;
}

}  // namespace

JudgeOptions default_options(const Backend& backend) {
  JudgeOptions options;
  options.benchmark = benchmarks_by_default(backend);
  options.bench.budget_seconds = default_bench_budget_seconds(backend);
  options.memory_limit_bytes = memory_limit_bytes(backend, std::nullopt);
  options.exchange_limit_bytes = exchange_limit_bytes(std::nullopt, CaseBytes{});
  return options;
}

std::filesystem::path bundled_solution(const Problem& problem) {
  const bool default_dtype = problem.dtype == problem.statement.dtypes.front();
  return std::filesystem::path("solutions") / problem.slug() /
         (default_dtype ? std::string("default.cu") : std::string(dtype_name(problem.dtype)) + "_default.cu");
}

bool benchmarks_by_default(const Backend& backend) { return backend.kind == BackendKind::Cuda; }

double default_bench_budget_seconds(const Backend& backend) {
  return backend.kind == BackendKind::Cpu ? kDefaultCpuBenchBudgetSeconds : 0;
}

unsigned long long memory_limit_bytes(const Backend& backend, std::optional<unsigned long long> requested_mib,
                                      double largest_case_bytes) {
  const bool applies = backend.kind == BackendKind::Cpu && !backend.check_memory;
  const unsigned long long mib = requested_mib.value_or(
      applies ? kDefaultCpuMemoryLimitMiB + mebibytes_to_hold(2 * largest_case_bytes) : 0);
  if (mib == 0) return 0;
  if (backend.check_memory) {
    throw UsageError(
        "--memory-limit cannot be combined with --check-memory (AddressSanitizer reserves terabytes of "
        "address space)");
  }
  return checked_mebibytes(mib, "--memory-limit");
}

unsigned long long exchange_limit_bytes(std::optional<unsigned long long> requested_mib, const CaseBytes& largest_case) {
  const double one_call = 2 * largest_case.inputs + largest_case.outputs;
  const unsigned long long needed = mebibytes_to_hold(one_call * 9 / 8) + 64;
  const unsigned long long mib = requested_mib.value_or(std::max(kDefaultExchangeLimitMiB, needed));
  return checked_mebibytes(mib, "--exchange-limit");
}

// Case names are unique across a problem's tiers, so one lookup tells both.
std::optional<std::string> restrict_to_case(const Problem& problem, const std::string& name, JudgeOptions& options) {
  const TestCase* chosen = problem.cases.find(name);
  auto in_tier = [&](Tier tier) { return chosen != nullptr && chosen->tier == tier; };
  auto no_such_case = [&](Tier tier) {
    return UsageError("--case: " + problem.slug() + " has no case '" + printable_line(name) + "' in its '" +
                      tier_name(tier) + "' tier (" + case_names(problem.cases.tier(tier)) + ")");
  };
  options.only_case = name;
  if (options.check_tier && !in_tier(*options.check_tier)) throw no_such_case(*options.check_tier);
  if (!options.benchmark || in_tier(options.bench_tier)) return std::nullopt;
  if (!options.check_tier) throw no_such_case(options.bench_tier);
  options.benchmark = false;
  return "--case " + printable_line(name) + " is not in the '" + tier_name(options.bench_tier) + "' tier: no benchmark";
}

}  // namespace judge
