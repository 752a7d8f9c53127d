// The judging's defaults and the rules between its settings, whoever asks
// for a judging (the judging command, a test): which solution is judged by
// default, whether to benchmark, the runner's memory limit. The command
// line only reads flags into these.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "judge/pipeline/backend.h"
#include "judge/pipeline/case_memory.h"
#include "judge/pipeline/judging.h"
#include "judge/problem/problem.h"

namespace judge {

// The judging's default options for `backend`: every field of JudgeOptions
// at its default, and the benchmark and memory limit as the rules below say.
JudgeOptions default_options(const Backend& backend);

// The bundled solution, relative to the judge's runfiles:
// solutions/<slug>/default.cu, or solutions/<slug>/<dtype>_default.cu for a
// dtype other than the problem's first (solutions/README.md).
std::filesystem::path bundled_solution(const Problem& problem);

// A GPU is timed unless told not to; the CPU backend only when asked (its
// times are CPU-emulated, never GPU time).
bool benchmarks_by_default(const Backend& backend);

// The benchmark's default wall-clock budget on the CPU backend (seconds,
// BenchSettings::budget_seconds): about what a person waits for a full
// tier on two cores. A GPU's benchmark has none by default: its cases are
// timed until the stopping rule is met. --bench-budget sets one (0: none).
inline constexpr double kDefaultCpuBenchBudgetSeconds = 120;
double default_bench_budget_seconds(const Backend& backend);

// The runner's default address-space limit on the CPU backend, for cases
// whose tensors are small; a larger case raises it (memory_limit_bytes).
inline constexpr unsigned long long kDefaultCpuMemoryLimitMiB = 8192;

// The runner's memory limit in bytes (0: none), its address space on the
// CPU backend, its private writable memory (RLIMIT_DATA) on a GPU, where
// CUDA reserves address space beyond any useful limit: `requested_mib` when
// given (0 turns it off), else, on the CPU backend without
// AddressSanitizer, kDefaultCpuMemoryLimitMiB plus twice the largest case's
// tensors (`largest_case_bytes`: the solution's process holds them as device
// buffers and reads or writes them through the exchange folder), else none
// (on a GPU too, until a GPU run shows the driver within a default).
// Throws UsageError with --check-memory (AddressSanitizer reserves
// terabytes of address space).
unsigned long long memory_limit_bytes(const Backend& backend, std::optional<unsigned long long> requested_mib,
                                      double largest_case_bytes = 0);

// What the runner's exchange folder may hold, in bytes (0: no cap):
// `requested_mib` when given (0 turns it off), else kDefaultExchangeLimitMiB,
// raised to hold one call of the largest case with an eighth and 64 MiB to
// spare: the judge's uploads of its inputs and the runner's downloads of
// every tensor after the call (inputs too, to catch a solution that writes
// them).
inline constexpr unsigned long long kDefaultExchangeLimitMiB = 4096;
unsigned long long exchange_limit_bytes(std::optional<unsigned long long> requested_mib, const CaseBytes& largest_case);

// Restricts the judging to the case named `name` (--case). It must be in the
// check tier (UsageError otherwise, naming the tier's cases); a benchmark is
// dropped when the bench tier lacks it, and the returned note says so. With
// no check tier it must be in the bench tier.
std::optional<std::string> restrict_to_case(const Problem& problem, const std::string& name, JudgeOptions& options);

}  // namespace judge
