// Judging one solution to one problem, as named stages (nvbench's
// measure_cold and DMOJ's grader read the same way): compile, check every
// case of the chosen tier in a child process, check again with the CPU
// backend's shuffled thread order, benchmark, summarise. Every stage reports
// through events (the statuses Tensara's clients know), and the whole result
// is plain data for the printers.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "judge/pipeline/backend.h"
#include "judge/pipeline/compile.h"
#include "judge/pipeline/runner_session.h"
#include "judge/pipeline/statistics.h"
#include "judge/pipeline/stopping.h"
#include "judge/pipeline/verdict.h"
#include "judge/problem/problem.h"

namespace judge {

// How to benchmark a case: the warm-up, when to stop timing it
// (stopping.h), and how much of it to verify.
struct BenchSettings {
  int warmup = 2;
  StoppingRule stopping;
  int verify_one_in = 4;          // besides the first, each timed run is verified with this odds
  int calibration_runs = 5;       // empty requests per case, for the timing bound
};

struct JudgeOptions {
  std::filesystem::path solution;
  std::string solution_display;         // how reports name it: the path the user typed, or the bundled one
  std::string check_tier = "check";     // sample | check | full | none
  bool benchmark = false;               // time the bench tier's cases
  std::string bench_tier = "full";
  uint64_t seed = 1;
  bool shuffled_check = true;           // CPU backend: a second pass in shuffled thread order
  double case_time_limit = 60;          // seconds per runner request (each check call, each timed run)
  // False: on the CPU backend the per-call limit is derived per case from
  // the reference's time (see kCpuLimit* in judging.cc); on a GPU, and
  // whenever the user gave --time-limit, case_time_limit applies as is.
  bool case_time_limit_given = false;
  std::string only_case;                // judge this case of each tier only ("" = every case)
  double total_time_limit = 1800;       // wall-clock seconds from the end of compiling to the verdict
                                        // (see judge_solution); compiling has its own limit
  double compile_time_limit = 300;
  std::uintmax_t compiler_memory_bytes = kDefaultCompilerMemoryBytes;  // per compiler process; 0 = none
  std::uintmax_t cache_max_bytes = kDefaultCacheMaxBytes;              // the cache's total; 0 = none
  bool sandbox = true;                  // false only with --no-sandbox
  unsigned long long memory_limit_bytes = 0;  // CPU backend: the runner's address space; 0 = none
  unsigned long long thread_limit = 0;        // threads of the runner; 0 = none
  unsigned long long exchange_limit_bytes = 0;  // what the runner's exchange folder may hold; 0 = no cap
  std::filesystem::path cache_root;
  std::filesystem::path work_root;      // where call data is exchanged; removed afterwards
  BenchSettings bench;
};

struct CaseReport {
  std::string name;
  std::string tier;
  std::string pass;      // "natural" or "shuffled" thread order
  Verdict verdict = Verdict::Accepted;
  std::string message;   // what went wrong, empty when accepted
  double flops = 0;
  double seconds = 0;    // wall time of the check calls
  double time_limit_seconds = 0;  // the per-call limit that applied to this case
  bool benchmarked = false;
  Timing timing;
};

struct JudgeReport {
  std::string problem;
  std::string dtype;  // the dtype [VAR] took: "float32", "float16", ...
  std::string solution;
  std::string solution_hash;
  Backend backend;
  std::string compiler_version;
  std::string compile_command;
  Verdict verdict = Verdict::Accepted;
  std::string message;
  std::vector<CaseReport> checks;
  std::vector<CaseReport> benchmarks;
  std::string timing_kind;  // "gpu" or "cpu-emulated"
  std::string time_limit_rule;  // how the per-call limits were set, in words
  std::string sandbox;      // what confined the solution ("Landlock ABI 7 (full); seccomp ...", or "disabled")
  nlohmann::json device_properties;  // the runner's: name, SMs, clocks, memory, versions (null if not loaded)
  double geomean_ms = 0;
  double geomean_gflops = 0;
  // Solution code changed the judge's own resource limits or scheduling
  // (its runner is the judge's child): the verdict is RUNTIME_ERROR, and a
  // report file the judge then cannot write is no fault of the judge's.
  bool judge_process_changed = false;
};

using EventSink = std::function<void(const nlohmann::json& event)>;

// What the judge is doing now, for a live status line: events mark stages,
// this says what a long stage is waiting on. An empty activity means idle.
struct Progress {
  std::string activity;          // "running 'upstream' (natural pass, seed 1)"
  double expected_seconds = 0;   // how long it should take, 0 if unknown
  std::string expected_basis;    // why: "the previous seed's run", ...
  double limit_seconds = 0;      // when it is cut, 0 if no limit applies
};
using ProgressSink = std::function<void(const Progress& progress)>;

// Judges `options.solution`. Never throws for the solution's faults; a fault
// of the judge or the problem becomes Verdict::JudgeError with a message.
//
// Whatever the solution does, the judging ends within `total_time_limit`
// seconds of wall-clock time after compiling: every request to a runner
// (writing it, the call, the answer) is bounded by what is left of it, and
// ends as TIME_LIMIT_EXCEEDED when it runs out. As a last resort a watchdog
// thread ends the process kTotalTimeGraceSeconds later: it kills every child,
// prints the TIME_LIMIT_EXCEEDED verdict on stderr and exits with its code
// (no report file is written then).
inline constexpr double kTotalTimeGraceSeconds = 10.0;
JudgeReport judge_solution(const Problem& problem, const Backend& backend, const JudgeOptions& options,
                           const EventSink& emit, const ProgressSink& progress = {});

// The CPU backend's derived per-call limit: kCpuLimitFactor times the
// reference's wall time on the same case on this machine (measured while
// the judge prepares the case), and never less than kCpuLimitFloorSeconds.
// CPU emulation of a kernel is orders of magnitude slower than the GPU the
// default limit was made for, and scales with the work like the reference
// does; an infinite loop is still stopped in bounded time.
inline constexpr double kCpuLimitFactor = 100.0;
inline constexpr double kCpuLimitFloorSeconds = 60.0;
double derived_cpu_time_limit(double reference_seconds);

}  // namespace judge
