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
