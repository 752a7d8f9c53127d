#include "judge/pipeline/report.h"

#include <gtest/gtest.h>

#include <sstream>

#include "judge/pipeline/report_json.h"

namespace judge {
namespace {

JudgeReport timed_report(Verdict verdict) {
  JudgeReport report;
  report.problem = "conv-2d";
  report.solution = "solutions/conv-2d/default.cu";
  report.verdict = verdict;
  report.backend.device = "a GPU";
  CaseReport timed{"upstream", Tier::kFull, CheckPass::Natural};
  timed.benchmarked = true;
  timed.timing = summarise({1.0, 1.0, 1.0}, 2e9);
  report.benchmarks.push_back(timed);
  if (verdict == Verdict::Accepted) {
    report.geomean_ms = 1.0;
    report.geomean_gflops = 2000.0;
  } else {
    report.message = "case 'next': the times were forged";
  }
  return report;
}

std::string summary_of(const JudgeReport& report) {
  std::ostringstream out;
  print_summary(out, report);
  return out.str();
}

std::string progress_of(const JudgeEvent& event) {
  std::ostringstream out;
  print_progress(out, event);
  return out.str();
}

// The progress lines, as the judge printed them when it read its events back
// from JSON (`judge --problem relu --backend cpu --benchmark --bench-tier sample`).
TEST(Progress, Compiling) {
  EXPECT_EQ(progress_of(CompilingEvent{.backend = "cpu", .reason = "--backend cpu", .compiler = "cucc 1, g++ 12"}),
            "backend: cpu (--backend cpu)\ncompiling with cucc 1, g++ 12\n");
  EXPECT_EQ(progress_of(CompilingEvent{.backend = "cpu", .reason = "r", .compiler = "c", .host_memory = "in files"}),
            "backend: cpu (r)\ncompiling with c\nhost memory: in files\n");
}

TEST(Progress, TheNaturalPassSaysTheLimitsAndTheShuffledPassDoesNotRepeatThem) {
  CheckingEvent event{.tier = Tier::kCheck,
                      .pass = CheckPass::Natural,
                      .total_tests = 6,
                      .time_limit_rule = "100x the reference's time",
                      .total_time_limit_rule = "derived stage by stage",
                      .total_time_limit_seconds = 1800};
  EXPECT_EQ(progress_of(event),
            "checking 6 'check' cases (natural thread order)\n"
            "  time limit: 100x the reference's time\n"
            "  total time limit: 1800 s so far, derived stage by stage\n");
  event.pass = CheckPass::Shuffled;
  EXPECT_EQ(progress_of(event), "checking 6 'check' cases (shuffled thread order)\n");
}

TEST(Progress, ACaseResultIsOneAlignedLine) {
  TestResultEvent event{.case_name = "one-element",
                        .tier = Tier::kCheck,
                        .pass = CheckPass::Natural,
                        .index = 1,
                        .total_tests = 6,
                        .passed = true,
                        .seconds = 0.0014,
                        .time_limit_seconds = 60};
  EXPECT_EQ(progress_of(event), "  [1/6] one-element                  PASSED  (0.00 s, limit 60 s)\n");
  event.passed = false;
  event.time_limit_seconds = 0;  // no limit applied
  event.seconds = 2.5;
  EXPECT_EQ(progress_of(event), "  [1/6] one-element                  FAILED  (2.50 s)\n");
}

TEST(Progress, CheckedAndBenchmarking) {
  EXPECT_EQ(progress_of(CheckedEvent{.passed_tests = 6, .total_tests = 6}), "  6/6 passed\n");
  EXPECT_EQ(progress_of(BenchmarkingEvent{.tier = Tier::kSample, .timing = TimingKind::CpuEmulated, .total_tests = 1}),
            "benchmarking 1 'sample' cases, CPU-emulated time (not GPU time)\n");
  EXPECT_EQ(progress_of(BenchmarkingEvent{.tier = Tier::kFull, .timing = TimingKind::Gpu, .total_tests = 3}),
            "benchmarking 3 'full' cases, GPU time\n");
}

TEST(Progress, ABenchmarkResultSaysItsFigureBoundAndEventTime) {
  const BenchmarkResultEvent event{.case_name = "tiny",
                                   .timing = TimingKind::CpuEmulated,
                                   .runs = 5,
                                   .median_ms = 0.026063531249999994,
                                   .gflops = 0.00030694229125226465,
                                   .calls_per_batch = 16,
                                   .noise_bound_ms = 0.034292437499999995,
                                   .event_median_ms = 0.0019428749874350615};
  EXPECT_EQ(progress_of(event),
            "  tiny                         median 0.026 ms (noise bound 0.034 ms) over 5 batches of 16 calls, "
            "0.00 GFLOPS; event time 0.002 ms (the runner's, a diagnostic)\n");
}

// The overall figures and the verdict are the summary's.
TEST(Progress, BenchmarkedAndTheVerdictPrintNothing) {
  EXPECT_EQ(progress_of(BenchmarkedEvent{.avg_runtime_ms = 1}), "");
  EXPECT_EQ(progress_of(VerdictEvent{.verdict = Verdict::WrongAnswer, .message = "wrong"}), "");
}

// A compiler's version or a message may carry a solution's bytes: both
// printers escape them, and no progress line can start another line.
TEST(Progress, HostileStringsArePrintedOnlyEscaped) {
  const CompilingEvent event{.backend = "cpu", .reason = "r", .compiler = "cc\x1b[2J\nACCEPTED"};
  EXPECT_EQ(progress_of(event), "backend: cpu (r)\ncompiling with cc\\x1b[2J\\x0aACCEPTED\n");
  std::ostringstream line;
  print_event_line(line, VerdictEvent{.verdict = Verdict::CompileError, .message = "\x1b[2J::error x"});
  EXPECT_EQ(line.str(), R"({"message":"\\x1b[2J::error x","status":"COMPILE_ERROR"})"
                        "\n");
}

TEST(Summary, AnAcceptedBenchmarkEndsWithItsGeometricMean) {
  const std::string text = summary_of(timed_report(Verdict::Accepted));
  EXPECT_NE(text.find("ACCEPTED  conv-2d <- solutions/conv-2d/default.cu"), std::string::npos) << text;
  EXPECT_NE(text.find("geometric mean"), std::string::npos) << text;
  EXPECT_EQ(text.find("no overall figure"), std::string::npos) << text;
}

TEST(Summary, ABenchmarkCutShortShowsItsTimedCasesButNoOverallFigure) {
  const std::string text = summary_of(timed_report(Verdict::RuntimeError));
  EXPECT_NE(text.find("RUNTIME_ERROR  conv-2d"), std::string::npos) << text;
  EXPECT_NE(text.find("  case 'next': the times were forged"), std::string::npos) << text;
  EXPECT_NE(text.find("upstream"), std::string::npos) << text;
  EXPECT_NE(text.find("no overall figure"), std::string::npos) << text;
  EXPECT_EQ(text.find("geometric mean"), std::string::npos) << text;
}

TEST(ReportJson, ABenchmarkSaysHowItWasMeasured) {
  JudgeReport report = timed_report(Verdict::Accepted);
  CaseMeasurement& measurement = report.benchmarks[0].measurement;
  measurement.calls_per_batch = 16;
  measurement.noise_bound_ms = 0.125;
  measurement.input_seeds = {7, 8};
  const nlohmann::json recorded = to_json(report)["benchmarks"][0]["measurement"];
  EXPECT_EQ(recorded["calls_per_batch"], 16);
  EXPECT_EQ(recorded["noise_bound_ms"], 0.125);
  EXPECT_EQ(recorded["input_seeds"], nlohmann::json({7, 8}));
}

// Which fill the outputs held before each call is said in the summary and
// in --json, for the default and for --poison-outputs.
TEST(Summary, SaysWhichFillTheOutputsHeld) {
  JudgeReport report = timed_report(Verdict::Accepted);
  EXPECT_NE(summary_of(report).find("output fill: zeros (zeros before each call"), std::string::npos)
      << summary_of(report);
  EXPECT_EQ(to_json(report)["output_fill"], "zeros");
  report.output_fill = OutputFill::Poison;
  EXPECT_NE(summary_of(report).find("output fill: poison (--poison-outputs"), std::string::npos) << summary_of(report);
  EXPECT_EQ(to_json(report)["output_fill"], "poison");
}

// One name for the ranked figure: median_ms per case and geomean_ms overall,
// as in the events, the result record and leaderboard.json.
TEST(ReportJson, NamesTheMedianAsEverythingElseDoes) {
  const nlohmann::json j = to_json(timed_report(Verdict::Accepted));
  EXPECT_EQ(j["schema_version"], kReportJsonSchemaVersion);
  const nlohmann::json& timed = j["benchmarks"][0];
  EXPECT_EQ(timed["median_ms"], 1.0);
  EXPECT_EQ(timed["min_ms"], 1.0);
  EXPECT_EQ(timed["samples_ms"], nlohmann::json({1.0, 1.0, 1.0}));
  EXPECT_FALSE(timed.contains("runtime_ms"));
  EXPECT_EQ(j["geomean_ms"], 1.0);
  EXPECT_FALSE(j.contains("geomean_runtime_ms"));
  EXPECT_TRUE(timed["measurement"]["overhead"].contains("median_ms"));
}

}  // namespace
}  // namespace judge
