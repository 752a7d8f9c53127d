#include "judge/leaderboard/report_record.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

namespace judge {
namespace {

namespace fs = std::filesystem;

JudgeReport gpu_report() {
  JudgeReport report;
  report.problem = "vector-add";
  report.solution_hash = "abc";
  report.verdict = Verdict::Accepted;
  report.timing_kind = TimingKind::Gpu;
  report.backend.kind = BackendKind::Cuda;
  report.backend.device = "NVIDIA H100 80GB HBM3";
  report.device_properties = {{"name", "NVIDIA H100 80GB HBM3"}, {"compute_capability", "9.0"}, {"sm_count", 132},
                              {"clock_mhz", 1980.0}, {"memory_clock_mhz", 2619.0}, {"memory_bus_width_bits", 5120},
                              {"memory_bytes", 85029158912.0}, {"driver_version", "13.0"}, {"runtime_version", "13.0"}};
  CaseReport bench{"n-16m", Tier::kFull, CheckPass::Natural};
  bench.flops = 16777216;
  bench.benchmarked = true;
  bench.timing.times_ms = {0.07, 0.071, 0.069};
  bench.timing.median_ms = 0.07;
  report.benchmarks.push_back(bench);
  report.geomean_ms = 0.07;
  return report;
}

RecordContext context() {
  return {"solutions/vector-add/fast.cu", {"Ada", "fast"}, "v1", 3, "check", "full", "2026-11-23T00:00:00Z", "Some CPU"};
}

TEST(RecordFromReport, CarriesTheDeviceTimingsAndContext) {
  const Record record = record_from_report(gpu_report(), context());
  EXPECT_EQ(record.verdict, "ACCEPTED");
  EXPECT_EQ(record.author, "Ada");
  EXPECT_EQ(record.device.compute_capability, "9.0");
  EXPECT_EQ(record.device.sm_count, 132);
  EXPECT_EQ(record.device.memory_bus_width_bits, 5120);
  EXPECT_EQ(record.device.cpu_model, "Some CPU");
  EXPECT_EQ(record.bench_tier, "full");
  ASSERT_EQ(record.cases.size(), 1u);
  EXPECT_EQ(record.cases[0].runs, 3);
  // What it writes, it reads back.
  EXPECT_EQ(record_to_json(record_from_json(record_to_json(record))), record_to_json(record));
}

// Which fill the outputs held is part of the record: zeros by default,
// poison with --poison-outputs.
TEST(RecordFromReport, SaysWhichFillTheOutputsHeld) {
  EXPECT_EQ(record_to_json(record_from_report(gpu_report(), context()))["output_fill"], "zeros");
  JudgeReport poisoned = gpu_report();
  poisoned.output_fill = OutputFill::Poison;
  const Record record = record_from_report(poisoned, context());
  EXPECT_EQ(record.output_fill, kOutputFillPoison);
  EXPECT_EQ(record_from_json(record_to_json(record)).output_fill, kOutputFillPoison);
}

TEST(RecordFromReport, ACpuEmulatedRecordClaimsNoGpuProperties) {
  JudgeReport report = gpu_report();
  report.timing_kind = TimingKind::CpuEmulated;
  report.backend.device = "CPU backend (2 workers)";
  const Record record = record_from_report(report, context());
  EXPECT_EQ(record.device.name, "CPU backend (2 workers)");
  EXPECT_EQ(record.device.sm_count, 0);
  EXPECT_EQ(record.device.compute_capability, "");
  EXPECT_EQ(record.device.cpu_model, "Some CPU");
}

TEST(RecordFromReport, ALongMessageIsCappedToWhatReadersAccept) {
  JudgeReport report = gpu_report();
  report.verdict = Verdict::CompileError;
  report.message = std::string(10000, 'e');
  report.benchmarks.clear();
  const Record record = record_from_report(report, context());
  EXPECT_LE(record.message.size(), 4096u);
  EXPECT_EQ(record.bench_tier, "");
  EXPECT_NO_THROW(record_from_json(record_to_json(record)));
}

TEST(RepositoryPath, IsRelativeToTheWorkspaceOrTheSolutionsFolder) {
  const fs::path workspace = fs::path(std::getenv("TEST_TMPDIR")) / "workspace";
  fs::create_directories(workspace / "solutions" / "p");
  std::ofstream(workspace / "solutions" / "p" / "x.cu") << "";
  setenv("BUILD_WORKSPACE_DIRECTORY", workspace.c_str(), 1);
  EXPECT_EQ(repository_path(workspace / "solutions" / "p" / "x.cu", "typed"), "solutions/p/x.cu");
  unsetenv("BUILD_WORKSPACE_DIRECTORY");
  EXPECT_EQ(repository_path("/elsewhere/solutions/p/x.cu", "typed"), "solutions/p/x.cu");
  EXPECT_EQ(repository_path("/elsewhere/mine.cu", "mine.cu"), "mine.cu");
}

}  // namespace
}  // namespace judge
