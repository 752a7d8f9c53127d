// Each event's JSON line, pinned byte for byte: `--events` is an external
// format, and these lines are what the judge streamed before its events had
// types (taken from `judge --problem relu --backend cpu --events --benchmark
// --bench-tier sample` and its wrong and broken variants), keys, order and
// number formats alike.
#include "judge/pipeline/events.h"

#include <gtest/gtest.h>

namespace judge {
namespace {

std::string line_of(const JudgeEvent& event) { return to_json(event).dump(); }

TEST(EventJson, Compiling) {
  CompilingEvent event{
      .backend = "cpu", .reason = "--backend cpu", .compiler = "cucc (CPU backend) 4dd4c4a3a56ada2e, g++ 12.2.0"};
  EXPECT_EQ(line_of(event), R"({"backend":"cpu","compiler":"cucc (CPU backend) 4dd4c4a3a56ada2e, g++ 12.2.0",)"
                            R"("reason":"--backend cpu","status":"COMPILING"})");
  // Where the judge keeps its large tensors is said only when not in memory.
  event.host_memory = "large tensors in files under /tmp";
  EXPECT_EQ(to_json(event).at("host_memory"), "large tensors in files under /tmp");
}

TEST(EventJson, Checking) {
  const CheckingEvent event{.tier = Tier::kCheck,
                            .pass = CheckPass::Shuffled,
                            .total_tests = 6,
                            .time_limit_rule = "CPU backend: 100x the reference's time",
                            .total_time_limit_rule = "CPU backend: derived stage by stage",
                            .total_time_limit_seconds = 1800};
  EXPECT_EQ(line_of(event), R"({"pass":"shuffled","status":"CHECKING","tier":"check",)"
                            R"("time_limit":"CPU backend: 100x the reference's time","total_tests":6,)"
                            R"("total_time_limit":"CPU backend: derived stage by stage","total_time_limit_s":1800.0})");
}

TEST(EventJson, TestResult) {
  TestResultEvent event{.case_name = "one-element",
                        .tier = Tier::kCheck,
                        .pass = CheckPass::Natural,
                        .index = 1,
                        .total_tests = 6,
                        .passed = true,
                        .seconds = 0.0014287890000000002,
                        .time_limit_seconds = 60};
  EXPECT_EQ(line_of(event),
            R"({"case":"one-element","index":1,"pass":"natural","result":"PASSED","seconds":0.0014287890000000002,)"
            R"("status":"TEST_RESULT","tier":"check","time_limit_s":60.0,"total_tests":6})");
  event.passed = false;
  EXPECT_EQ(to_json(event).at("result"), "FAILED");
}

TEST(EventJson, Checked) {
  const CheckedEvent event{.tier = Tier::kCheck, .pass = CheckPass::Natural, .passed_tests = 6, .total_tests = 6};
  EXPECT_EQ(line_of(event), R"({"pass":"natural","passed_tests":6,"status":"CHECKED","tier":"check","total_tests":6})");
}

TEST(EventJson, Benchmarking) {
  const BenchmarkingEvent event{.tier = Tier::kSample, .timing = TimingKind::CpuEmulated, .total_tests = 1};
  EXPECT_EQ(line_of(event), R"({"status":"BENCHMARKING","tier":"sample","timing":"cpu-emulated","total_tests":1})");
  EXPECT_EQ(to_json(BenchmarkingEvent{.tier = Tier::kFull, .timing = TimingKind::Gpu}).at("timing"), "gpu");
}

TEST(EventJson, BenchmarkResult) {
  const BenchmarkResultEvent event{.case_name = "tiny",
                                   .timing = TimingKind::CpuEmulated,
                                   .runs = 5,
                                   .median_ms = 0.026063531249999994,
                                   .mean_ms = 0.02981020624999996,
                                   .min_ms = 0.01789328124999995,
                                   .max_ms = 0.04426896874999997,
                                   .stddev_ms = 0.010620136617585103,
                                   .gflops = 0.00030694229125226465,
                                   .calls_per_batch = 16,
                                   .noise_bound_ms = 0.034292437499999995,
                                   .event_median_ms = 0.0019428749874350615};
  EXPECT_EQ(line_of(event),
            R"({"calls_per_batch":16,"case":"tiny","event_median_ms":0.0019428749874350615,)"
            R"("gflops":0.00030694229125226465,"max_ms":0.04426896874999997,"mean_ms":0.02981020624999996,)"
            R"("median_ms":0.026063531249999994,"min_ms":0.01789328124999995,"noise_bound_ms":0.034292437499999995,)"
            R"("runs":5,"status":"BENCHMARK_RESULT","stddev_ms":0.010620136617585103,"timing":"cpu-emulated"})");
}

TEST(EventJson, Benchmarked) {
  const BenchmarkedEvent event{
      .timing = TimingKind::CpuEmulated, .avg_runtime_ms = 0.02606353124999999, .avg_gflops = 0.00030694229125226465};
  EXPECT_EQ(line_of(event), R"({"avg_gflops":0.00030694229125226465,"avg_runtime_ms":0.02606353124999999,)"
                            R"("status":"BENCHMARKED","timing":"cpu-emulated"})");
}

TEST(EventJson, AnAcceptedVerdictAfterABenchmarkCarriesItsFigures) {
  const VerdictEvent event{.verdict = Verdict::Accepted,
                           .figures = BenchmarkedEvent{.timing = TimingKind::CpuEmulated,
                                                       .avg_runtime_ms = 0.02606353124999999,
                                                       .avg_gflops = 0.00030694229125226465}};
  EXPECT_EQ(line_of(event), R"({"avg_gflops":0.00030694229125226465,"avg_runtime_ms":0.02606353124999999,)"
                            R"("status":"ACCEPTED","timing":"cpu-emulated"})");
}

TEST(EventJson, AnAcceptedVerdictWithoutABenchmarkIsItsStatusAlone) {
  // A message left in the report of an accepted judging is not said.
  EXPECT_EQ(line_of(VerdictEvent{.verdict = Verdict::Accepted, .message = "unused"}), R"({"status":"ACCEPTED"})");
}

TEST(EventJson, AnyOtherVerdictCarriesItsMessage) {
  const VerdictEvent wrong{.verdict = Verdict::WrongAnswer,
                           .message =
                               "case 'one-element': with input seed 2 (natural pass): output: 1 of 1 elements "
                               "wrong; max abs error 1, mean abs error 1\n    output(0, 0): got 1, expected 0"};
  EXPECT_EQ(line_of(wrong),
            R"({"message":"case 'one-element': with input seed 2 (natural pass): output: 1 of 1 elements wrong; )"
            R"(max abs error 1, mean abs error 1\n    output(0, 0): got 1, expected 0","status":"WRONG_ANSWER"})");
  // Even an empty one, so that readers always find the key.
  EXPECT_EQ(line_of(VerdictEvent{.verdict = Verdict::JudgeError}), R"({"message":"","status":"ERROR"})");
}

TEST(EventStatus, NamesEachStageAndTheVerdict) {
  EXPECT_EQ(event_status(CompilingEvent{}), "COMPILING");
  EXPECT_EQ(event_status(CheckingEvent{}), "CHECKING");
  EXPECT_EQ(event_status(TestResultEvent{}), "TEST_RESULT");
  EXPECT_EQ(event_status(CheckedEvent{}), "CHECKED");
  EXPECT_EQ(event_status(BenchmarkingEvent{}), "BENCHMARKING");
  EXPECT_EQ(event_status(BenchmarkResultEvent{}), "BENCHMARK_RESULT");
  EXPECT_EQ(event_status(BenchmarkedEvent{}), "BENCHMARKED");
  EXPECT_EQ(event_status(VerdictEvent{.verdict = Verdict::TimeLimitExceeded}), "TIME_LIMIT_EXCEEDED");
}

// Strings go into the JSON as given: the printers escape them (report.h).
TEST(EventJson, KeepsStringsAsGiven) {
  const VerdictEvent event{.verdict = Verdict::RuntimeError, .message = "\x1b[2J"};
  EXPECT_EQ(to_json(event).at("message"), "\x1b[2J");
}

}  // namespace
}  // namespace judge
