// Judging one solution to one problem, as named stages (nvbench's
// measure_cold and DMOJ's grader read the same way): compile, check every
// case of the chosen tier in a child process, check again with the CPU
// backend's shuffled thread order, benchmark, summarise. Every stage reports
// through typed events (events.h: the statuses Tensara's clients know), and
// the whole result is plain data for the printers.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "judge/pipeline/backend.h"
#include "judge/pipeline/compile.h"
#include "judge/pipeline/events.h"
#include "judge/pipeline/measurement.h"
#include "judge/pipeline/runner.h"
#include "judge/pipeline/statistics.h"
#include "judge/pipeline/stopping.h"
#include "judge/pipeline/time_limits.h"
#include "judge/pipeline/verdict.h"
#include "judge/problem/problem.h"

namespace judge {

// How to benchmark a case: its warm-up calls (verified, not counted; the
// last picks the batch size), what a timed batch may hold and how precise
// it should be (measurement.h), and when to stop timing it (stopping.h;
// a "run" there is one batch, its sample the batch's figure per call).
// Every timed call is verified.
struct BenchSettings {
  int warmup = 1;
  BatchLimits batches;
  StoppingRule stopping;
  // Wall-clock seconds the whole benchmark stage should take, from
  // preparing its cases to the calibration after them (stopping.h's
  // BenchBudget); 0: none, the stopping rule alone ends each case. A
  // target, not a limit: every case gets its calibration and one timed
  // batch whatever they cost (the total time limit bounds a hang).
  double budget_seconds = 0;
};

struct JudgeOptions {
  std::filesystem::path solution;
  std::string solution_display;         // how reports name it: the path the user typed, or the bundled one
  std::optional<Tier> check_tier = Tier::kCheck;  // the cases to check; nullopt: none (--tier none)
  bool benchmark = false;               // time the bench tier's cases
  Tier bench_tier = Tier::kFull;
  // The input seed of the check passes (each pass derives its own from it).
  // The judging command draws it from the OS's randomness unless --seed
  // gives one, so no solution can know its check inputs in advance.
  uint64_t seed = 1;
  bool seed_given = false;  // --seed: reproducing a judging
  bool shuffled_check = true;           // CPU backend: a second pass in shuffled thread order
  OutputFill output_fill = OutputFill::Zero;  // what outputs hold before each call (call_data.h)
  double case_time_limit = kDefaultCallLimitSeconds;  // seconds per runner request (each check call, each timed run)
  // False: on the CPU backend the per-call limit is derived per case from
  // the reference's time (time_limits.h); on a GPU, and whenever the user
  // gave --time-limit, case_time_limit applies as is.
  bool case_time_limit_given = false;
  std::string only_case;                // judge this case of each tier only ("" = every case)
  // Wall-clock seconds from the end of compiling to the verdict (see
  // judge_solution); compiling has its own limit.
  double total_time_limit = kDefaultTotalTimeLimitSeconds;
  // False: on the CPU backend the total is derived stage by stage from the
  // per-call limits (time_limits.h); on a GPU, and whenever the user gave
  // --total-time-limit, total_time_limit applies as is.
  bool total_time_limit_given = false;
  double compile_time_limit = 300;
  std::uintmax_t compiler_memory_bytes = kDefaultCompilerMemoryBytes;  // per compiler process; 0 = none
  std::uintmax_t cache_max_bytes = kDefaultCacheMaxBytes;              // the cache's total; 0 = none
  bool sandbox = true;                  // false only with --no-sandbox
  unsigned long long memory_limit_bytes = 0;  // CPU backend: the runner's address space; 0 = none
  unsigned long long thread_limit = 0;        // threads of the runner; 0 = none
  unsigned long long exchange_limit_bytes = 0;  // what the runner's exchange folder may hold; 0 = no cap
  // The host's available memory when the judging starts: a case that needs
  // more spills, or is an ERROR before anything runs (case_memory.h). 0: not
  // checked.
  unsigned long long host_memory_available_bytes = 0;
  // Where the judge's large tensors go when the largest case fits in memory
  // only so (case_memory.h); empty: the temporary directory.
  std::filesystem::path spill_directory;
  std::size_t spill_min_bytes = std::size_t{64} << 20;  // the tensors that go there: those this large
  std::filesystem::path cache_root;
  std::filesystem::path work_root;      // where call data is exchanged; removed afterwards
  BenchSettings bench;
};

struct CaseReport {
  std::string name;
  Tier tier = Tier::kCheck;
  CheckPass pass = CheckPass::Natural;  // benchmarks: natural
  Verdict verdict = Verdict::Accepted;
  std::string message;   // what went wrong, empty when accepted
  double flops = 0;
  double seconds = 0;    // wall time of the check calls
  // The check calls as the runner timed them: its clock around the
  // solution's call alone, without the transfers the round trip above also
  // holds. The solution's own process reports it, so it only ever shows
  // where time goes; no verdict or rank reads it.
  double call_seconds = 0;
  double time_limit_seconds = 0;  // the per-call limit that applied to this case
  bool benchmarked = false;
  Timing timing;  // benchmarks: of the per-call figures by the judge's clock, one per batch
  CaseMeasurement measurement;  // benchmarks: batch size, overhead, noise bound, seeds, event times
};

struct JudgeReport {
  std::string problem;
  std::string dtype;  // the dtype [VAR] took: "float32", "float16", ...
  std::string solution;
  std::string solution_hash;
  Backend backend;
  std::string compiler_version;
  std::string compile_command;
  // CPU backend: the build the shuffled pass loads, split only where no
  // added barrier can be observed (empty when that pass does not run or
  // uses the build above).
  std::string shuffled_compile_command;
  // Empty when the judge held every tensor in memory; otherwise why and
  // where it kept its large ones in files (case_memory.h).
  std::string host_memory;
  Verdict verdict = Verdict::Accepted;
  std::string message;
  uint64_t seed = 0;        // the check passes' input seed (JudgeOptions::seed), said after the judging
  bool seed_given = false;  // from --seed rather than drawn at random
  OutputFill output_fill = OutputFill::Zero;  // what the outputs held before each call (--poison-outputs)
  std::vector<CaseReport> checks;
  std::vector<CaseReport> benchmarks;
  TimingKind timing_kind = TimingKind::CpuEmulated;
  std::string time_limit_rule;  // how the per-call limits were set, in words
  double total_time_limit_seconds = 0;  // the whole judging's limit as granted (0: it never started)
  std::string total_time_limit_rule;    // how it was set, in words
  std::string sandbox;      // what confined the solution ("Landlock ABI 7 (full); seccomp ...", or "disabled")
  nlohmann::json device_properties;  // the runner's: name, SMs, clocks, memory, versions (null if not loaded)
  double geomean_ms = 0;
  double geomean_gflops = 0;
  // Solution code changed the judge's own resource limits or scheduling
  // (its runner is the judge's child): the verdict is RUNTIME_ERROR, and a
  // report file the judge then cannot write is no fault of the judge's.
  bool judge_process_changed = false;
};

// What the judge is doing now, for a live status line: events mark stages,
// this says what a long stage is waiting on. An empty activity means idle.
struct Progress {
  std::string activity;          // "running 'upstream' (natural pass, seed 1)"
  double expected_seconds = 0;   // how long it should take, 0 if unknown
  std::string expected_basis;    // why: "the previous seed's run", ...
  double limit_seconds = 0;      // when it is cut, 0 if no limit applies
};
using ProgressSink = std::function<void(const Progress& progress)>;

// The processes a judging starts, behind one seam: the compiler and the
// runners. judge_solution uses the real ones (RunnerSession, compile.h);
// judging_test.cc passes fakes with scripted outcomes, so the judging's
// decisions are tested without a compiler or a runner.
class JudgingProcesses {
 public:
  virtual ~JudgingProcesses() = default;
  // First line of the backend's compiler's --version (reports, cache key).
  virtual std::string compiler_version(const Backend& backend) = 0;
  virtual CompileOutcome compile(const std::filesystem::path& solution, const Signature& signature,
                                 const Backend& backend, const std::string& compiler_version,
                                 const CompileSettings& settings) = 0;
  // A runner named `name` (work_dir/<name> is its exchange folder) with
  // `env` added to the backend's runner environment.
  virtual std::unique_ptr<Runner> start_runner(const Backend& backend, const std::map<std::string, std::string>& env,
                                               const std::filesystem::path& work_dir, const std::string& name,
                                               const RunnerConfinement& confinement) = 0;
};

// The real compiler and runner processes.
JudgingProcesses& real_processes();

// Judges `options.solution`. Never throws for the solution's faults; a fault
// of the judge or the problem becomes Verdict::JudgeError with a message.
//
// Whatever the solution does, the judging ends within its total time limit
// of wall-clock time after compiling (`total_time_limit`, or on the CPU
// backend the derived one, time_limits.h): every request to a runner
// (writing it, the call, the answer) is bounded by what is left of it, and
// ends as TIME_LIMIT_EXCEEDED when it runs out. As a last resort a watchdog
// thread ends the process kTotalTimeGraceSeconds later: it kills every child,
// prints the TIME_LIMIT_EXCEEDED verdict on stderr and exits with its code
// (no report file is written then).
inline constexpr double kTotalTimeGraceSeconds = 10.0;
JudgeReport judge_solution(const Problem& problem, const Backend& backend, const JudgeOptions& options,
                           const EventSink& emit, const ProgressSink& progress = {});
JudgeReport judge_solution(const Problem& problem, const Backend& backend, const JudgeOptions& options,
                           JudgingProcesses& processes, const EventSink& emit, const ProgressSink& progress = {});

}  // namespace judge
