#include "judge/pipeline/case_memory.h"

#include <cstdio>
#include <fstream>
#include <vector>

namespace judge {

const TestCase* largest_case(const Problem& problem, const JudgeOptions& options) {
  std::vector<const TestCase*> cases;
  if (options.check_tier) cases = problem.cases.tier(*options.check_tier);
  if (options.benchmark) {
    for (const TestCase* test_case : problem.cases.tier(options.bench_tier)) cases.push_back(test_case);
  }
  const TestCase* largest = nullptr;
  double largest_bytes = -1;
  for (const TestCase* test_case : cases) {
    if (!options.only_case.empty() && test_case->name != options.only_case) continue;
    const double bytes = case_bytes(problem, *test_case).total();
    if (bytes > largest_bytes) {
      largest = test_case;
      largest_bytes = bytes;
    }
  }
  return largest;
}

double host_memory_needed(const CaseBytes& bytes, bool has_checker) {
  return 2 * bytes.total() + (has_checker ? bytes.outputs : 0);
}

std::optional<std::string> host_memory_shortfall(const Problem& problem, const JudgeOptions& options,
                                                 unsigned long long available_bytes) {
  const TestCase* largest = largest_case(problem, options);
  if (available_bytes == 0 || largest == nullptr) return std::nullopt;
  const CaseBytes bytes = case_bytes(problem, *largest);
  const double needed = host_memory_needed(bytes, problem.definition->has_checker());
  if (needed <= static_cast<double>(available_bytes)) return std::nullopt;
  auto gib = [](double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GiB", value / double(1ULL << 30));
    return std::string(text);
  };
  return "case '" + largest->name + "' of " + problem.slug() + " needs about " + gib(needed) +
         " of host memory (its tensors are " + gib(bytes.total()) +
         ": during the call the judge holds the inputs and expected outputs and the solution's process "
         "holds inputs and outputs again), and this machine has " + gib(static_cast<double>(available_bytes)) +
         " available; judge the other cases with --case, or on a machine with more memory";
}

unsigned long long available_host_memory() {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  unsigned long long kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit) {
    if (key == "MemAvailable:") return kib << 10;
  }
  return 0;
}

}  // namespace judge
