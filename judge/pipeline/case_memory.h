// How much memory a judging's cases need, and whether this machine has it:
// the limits on the solution's process are sized from the largest case
// (judging_policy.h); a case that fits only with the judge's tensors in
// files is judged so, and one the host cannot hold even then is an ERROR
// before anything runs, not an out-of-memory kill halfway.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "judge/pipeline/judging.h"
#include "judge/problem/problem.h"

namespace judge {

// The case the judging's limits are sized for: the largest, by its tensors'
// bytes, of the cases it runs (the check tier, the bench tier when it
// benchmarks, only --case when given); nullptr when it runs none.
const TestCase* largest_case(const Problem& problem, const JudgeOptions& options);

// The host memory a case needs while it runs. During the call the judge
// holds its inputs and expected outputs and the solution's process holds
// inputs and outputs again (device buffers on the CPU backend); after it,
// with those freed, the judge holds what came back (every tensor) beside
// its own. Twice its tensors, and the outputs once more for a definition
// with its own checker (which reads what came back as elements). Tensors
// travel in slices, so no whole copy is made on the way.
double host_memory_needed(const CaseBytes& bytes, bool has_checker);

// Does `test_case` fit in `available_bytes` with every tensor in memory?
// (0: unknown, taken as yes.)
bool fits_in_memory(const Problem& problem, const TestCase& test_case, unsigned long long available_bytes);

// How a judging holds its largest case.
struct HostMemoryPlan {
  // Large tensors of the judge's own (inputs, expected outputs) live in
  // files (tensor_storage.h): the case fits in memory only so.
  bool spill = false;
  std::string note;  // when spilling: why, for the report
  // The case does not fit even so: the ERROR's message, naming the case and
  // both sizes.
  std::optional<std::string> shortfall;
};

// The tensors a spilling judging still holds in memory at once: the
// solution's process's (or, after the call, what came back), plus the
// outputs again for a definition with its own checker.
double host_memory_needed_spilling(const CaseBytes& bytes, bool has_checker);

// In memory when the largest case's host_memory_needed fits in
// `available_bytes` (MemAvailable; 0: unknown, not checked); spilling to
// `spill_directory` when host_memory_needed_spilling fits and that
// directory's file system has room for the judge's tensors and the
// exchange files (`spill_free_bytes`); otherwise a shortfall.
HostMemoryPlan plan_host_memory(const Problem& problem, const JudgeOptions& options,
                                unsigned long long available_bytes, const std::filesystem::path& spill_directory,
                                unsigned long long spill_free_bytes);

// The host's available memory (MemAvailable of /proc/meminfo) in bytes; 0
// when it cannot be read.
unsigned long long available_host_memory();

}  // namespace judge
