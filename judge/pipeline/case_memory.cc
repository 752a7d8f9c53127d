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

bool fits_in_memory(const Problem& problem, const TestCase& test_case, unsigned long long available_bytes) {
  return available_bytes == 0 || host_memory_needed(case_bytes(problem, test_case),
                                                    problem.definition->has_checker()) <=
                                     static_cast<double>(available_bytes);
}

double host_memory_needed_spilling(const CaseBytes& bytes, bool has_checker) {
  return bytes.total() + (has_checker ? bytes.outputs : 0);
}

namespace {

std::string gib(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GiB", value / double(1ULL << 30));
  return text;
}

}  // namespace

HostMemoryPlan plan_host_memory(const Problem& problem, const JudgeOptions& options,
                                unsigned long long available_bytes, const std::filesystem::path& spill_directory,
                                unsigned long long spill_free_bytes) {
  HostMemoryPlan plan;
  const TestCase* largest = largest_case(problem, options);
  if (largest == nullptr || fits_in_memory(problem, *largest, available_bytes)) return plan;
  const CaseBytes bytes = case_bytes(problem, *largest);
  const bool checker = problem.definition->has_checker();
  const double in_memory = host_memory_needed(bytes, checker);
  const double available = static_cast<double>(available_bytes);
  const std::string which = "case '" + largest->name + "' of " + problem.slug();
  const double spilling = host_memory_needed_spilling(bytes, checker);
  // The judge's tensors, and the exchange folder's files (inputs uploaded,
  // every tensor downloaded), on the same file system.
  const double on_disk = bytes.total() + 2 * bytes.inputs + bytes.outputs;
  if (spilling <= available && on_disk <= static_cast<double>(spill_free_bytes)) {
    plan.spill = true;
    plan.note = which + " needs " + gib(in_memory) + " of host memory in memory and this machine has " +
                gib(available) + " available: for the cases that do not fit otherwise, the judge keeps its own large tensors in "
                "unnamed files in " + spill_directory.string() + " (about " + gib(bytes.total()) +
                " for this one), which the kernel writes out while the solution's process needs the memory "
                "(slower: disk traffic)";
    return plan;
  }
  std::string why = which + " needs about " + gib(in_memory) + " of host memory (its tensors are " +
                    gib(bytes.total()) +
                    ": during the call the judge holds the inputs and expected outputs and the solution's process "
                    "holds inputs and outputs again), and this machine has " + gib(available) + " available";
  if (spilling <= available) {
    why += "; keeping the judge's tensors in files would need " + gib(on_disk) + " free in " +
           spill_directory.string() + ", which has " + gib(static_cast<double>(spill_free_bytes));
  } else {
    why += " (" + gib(spilling) + " even with the judge's tensors kept in files)";
  }
  plan.shortfall = why + "; judge the other cases with --case, or on a machine with more memory";
  return plan;
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
