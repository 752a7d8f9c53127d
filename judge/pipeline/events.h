// The judging's events: one plain struct per stage a judging reports as it
// goes (DMOJ's worker sends typed IPC events the same way), a closed set in
// one std::variant. The judging only fills them; the printers (report.h)
// render them with std::visit, and to_json() is the one place that turns them
// into the JSON objects `judge --events` streams.
//
// That JSON is an external format (Tensara's statuses, one object per line):
// to_json() writes exactly these keys and value types, and events_test.cc
// pins each event's line. A key added here is a change its readers may
// ignore; a key renamed or removed breaks them.
#pragma once

#include <cstddef>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>

#include "judge/pipeline/verdict.h"
#include "judge/problem/cases.h"

namespace judge {

// How the judge times a solution: on a GPU, or emulated on the CPU (never
// to be read as GPU time).
enum class TimingKind { Gpu, CpuEmulated };
const char* timing_kind_name(TimingKind kind);  // "gpu", "cpu-emulated": events, JSON, records

// A check pass: the natural thread order, or (CPU backend) a shuffled one.
enum class CheckPass { Natural, Shuffled };
const char* check_pass_name(CheckPass pass);  // "natural", "shuffled"

// COMPILING: the backend chosen, why, and the compiler about to run.
struct CompilingEvent {
  std::string backend;      // Backend::name()
  std::string reason;       // why this backend ("--backend cpu", "no GPU found", ...)
  std::string compiler;     // the first line of its --version
  std::string host_memory;  // where the judge keeps its large tensors; empty: in memory (and not said)
};

// CHECKING: a check pass begins.
struct CheckingEvent {
  Tier tier = Tier::kCheck;
  CheckPass pass = CheckPass::Natural;
  std::size_t total_tests = 0;
  std::string time_limit_rule;          // how the per-call limits are set, in words ("time_limit")
  std::string total_time_limit_rule;    // how the whole judging's limit is set ("total_time_limit")
  double total_time_limit_seconds = 0;  // that limit as granted so far ("total_time_limit_s")
};

// TEST_RESULT: one case of a check pass, checked.
struct TestResultEvent {
  std::string case_name;  // "case"
  Tier tier = Tier::kCheck;
  CheckPass pass = CheckPass::Natural;
  std::size_t index = 0;  // 1-based, of total_tests
  std::size_t total_tests = 0;
  bool passed = false;            // "result": "PASSED" or "FAILED"
  double seconds = 0;             // wall time of the case's check calls
  double time_limit_seconds = 0;  // the per-call limit that applied ("time_limit_s")
};

// CHECKED: a check pass ended with every case passed.
struct CheckedEvent {
  Tier tier = Tier::kCheck;
  CheckPass pass = CheckPass::Natural;
  std::size_t passed_tests = 0;
  std::size_t total_tests = 0;
};

// BENCHMARKING: the benchmark begins.
struct BenchmarkingEvent {
  Tier tier = Tier::kFull;
  TimingKind timing = TimingKind::CpuEmulated;
  std::size_t total_tests = 0;
};

// BENCHMARK_RESULT: one case's figures per call by the judge's clock, over
// its batches (measurement.h), and the runner's event time as a diagnostic.
struct BenchmarkResultEvent {
  std::string case_name;  // "case"
  TimingKind timing = TimingKind::CpuEmulated;
  std::size_t runs = 0;  // batches timed
  double median_ms = 0;  // the ranked figure
  double mean_ms = 0;
  double min_ms = 0;
  double max_ms = 0;
  double stddev_ms = 0;
  double gflops = 0;
  int calls_per_batch = 0;
  double noise_bound_ms = 0;   // per call
  double event_median_ms = 0;  // the runner's CUDA-event time per call, never ranked
};

// BENCHMARKED: the benchmark's overall figures, under Tensara's names.
struct BenchmarkedEvent {
  TimingKind timing = TimingKind::CpuEmulated;
  double avg_runtime_ms = 0;  // the geometric mean of the cases' medians
  double avg_gflops = 0;
};

// The last event: the verdict's name as the status ("ACCEPTED", ...). A
// verdict other than ACCEPTED carries its message; an ACCEPTED judging that
// benchmarked carries the overall figures, as BENCHMARKED.
struct VerdictEvent {
  Verdict verdict = Verdict::Accepted;
  std::string message;                      // said unless ACCEPTED
  std::optional<BenchmarkedEvent> figures;  // set only for an ACCEPTED judging that benchmarked
};

using JudgeEvent = std::variant<CompilingEvent, CheckingEvent, TestResultEvent, CheckedEvent, BenchmarkingEvent,
                                BenchmarkResultEvent, BenchmarkedEvent, VerdictEvent>;

// Where a judging sends its events, in order, from the judging's thread.
using EventSink = std::function<void(const JudgeEvent& event)>;

// The event's "status": "COMPILING", ..., or the verdict's name.
std::string event_status(const JudgeEvent& event);

// The event as the JSON object `--events` streams (strings as given: the
// printers make them printable).
nlohmann::json to_json(const JudgeEvent& event);

}  // namespace judge
