// How much memory a judging's cases need, and whether this machine has it:
// the limits on the solution's process are sized from the largest case
// (judging_policy.h), and a case the host cannot hold is an ERROR before
// anything runs, not an out-of-memory kill halfway.
#pragma once

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

// Why the judging cannot run here, when the largest case needs more host
// memory than `available_bytes` (MemAvailable); nullopt when it fits or
// `available_bytes` is 0 (unknown). The message names the case and both sizes.
std::optional<std::string> host_memory_shortfall(const Problem& problem, const JudgeOptions& options,
                                                 unsigned long long available_bytes);

// The host's available memory (MemAvailable of /proc/meminfo) in bytes; 0
// when it cannot be read.
unsigned long long available_host_memory();

}  // namespace judge
