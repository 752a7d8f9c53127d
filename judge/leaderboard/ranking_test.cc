// The leaderboard over the fixture records in testdata/records: two GPU
// devices and one without properties, several authors, an author's older
// slower record, a suspicious and an allowed-suspicious record, CPU-emulated
// records, and corrupt, truncated, foreign, future-schema and mistyped files.
// Expected figures are computed here from the fixtures' own timings.
#include "judge/leaderboard/ranking.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "judge/leaderboard/problem_facts.h"

namespace judge {
namespace {

namespace fs = std::filesystem;

fs::path testdata() { return fs::path(std::getenv("TEST_SRCDIR")) / "judge/judge/leaderboard/testdata"; }

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

ProblemFactsBySlug fixture_problems() {
  ProblemFactsBySlug facts;
  for (const nlohmann::json& problem : nlohmann::json::parse(read(testdata() / "problems.json"))) {
    facts[problem["slug"].get<std::string>()] = facts_from_problem_json(problem);
  }
  return facts;
}

class FixtureLeaderboard : public ::testing::Test {
 protected:
  void SetUp() override {
    folder = load_record_folder(testdata() / "records");
    allow = parse_allow_list(read(testdata() / "allow.txt"), "allow.txt");
    board = build_leaderboard(folder, fixture_problems(), allow, "2026-11-23T00:00:00Z");
  }
  const Board& find_board(const std::string& problem, const std::string& device) {
    for (const Board& b : board.boards) {
      if (b.problem == problem && b.device == device) return b;
    }
    ADD_FAILURE() << "no board for " << problem << " on " << device;
    static Board none;
    return none;
  }
  std::string skip_reason(const std::string& file) {
    for (const SkippedRecord& skipped : board.skipped) {
      if (skipped.file == file) return skipped.reason;
    }
    return "(not skipped)";
  }
  RecordFolder folder;
  AllowList allow;
  Leaderboard board;
};

constexpr char kH100[] = "NVIDIA H100 80GB HBM3";
constexpr char kA100[] = "NVIDIA A100-SXM4-40GB";

TEST_F(FixtureLeaderboard, NamesAndSkipsEveryBadRecordAndReadsTheRest) {
  EXPECT_NE(skip_reason("vector-add--truncated.json").find("not valid JSON (truncated or corrupt)"), std::string::npos)
      << skip_reason("vector-add--truncated.json");
  EXPECT_NE(skip_reason("package.json").find("foreign JSON file"), std::string::npos) << skip_reason("package.json");
  EXPECT_NE(skip_reason("vector-add--future-schema.json").find("schema_version 99 is newer"), std::string::npos);
  EXPECT_NE(skip_reason("vector-add--bad-type.json").find("field 'cases[0].runtime_ms.median' is not a number"),
            std::string::npos)
      << skip_reason("vector-add--bad-type.json");
  EXPECT_NE(skip_reason("nope--unknown-problem.json").find("problem 'no-such-problem' is not in the catalogue"),
            std::string::npos);
  EXPECT_NE(skip_reason("matmul--wrong-cases.json").find("not exactly the 'full' tier"), std::string::npos);
  EXPECT_EQ(board.skipped.size(), 6u);
  EXPECT_EQ(board.records_read, 22);  // every *.json; notes.txt is not read
}

TEST_F(FixtureLeaderboard, RanksEachAuthorsBestRecordByGeometricMean) {
  const Board& b = find_board("vector-add", kH100);
  ASSERT_GE(b.entries.size(), 4u);
  EXPECT_EQ(b.entries[0].author, "alice");
  EXPECT_EQ(b.entries[0].solution_path, "solutions/vector-add/alice_float4.cu");  // not her older, slower one
  EXPECT_EQ(b.entries[1].author, "bob");
  EXPECT_TRUE(b.entries[2].baseline);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(b.entries[i].rank, i + 1);
  EXPECT_NEAR(b.entries[0].geomean_ms, std::sqrt(0.065 * 0.250), 1e-12);
  EXPECT_NEAR(b.baseline_ms, std::sqrt(0.080 * 0.300), 1e-12);
  EXPECT_NEAR(b.entries[0].speedup, std::sqrt(0.080 * 0.300) / std::sqrt(0.065 * 0.250), 1e-9);
  EXPECT_NEAR(b.entries[1].speedup, std::sqrt(0.080 * 0.300) / std::sqrt(0.070 * 0.260), 1e-9);
  EXPECT_NEAR(b.entries[2].speedup, 1.0, 1e-12);
  // GFLOP/s from the problem's FLOPs, per case and as a geometric mean.
  EXPECT_NEAR(b.entries[0].cases[0].gflops, 16777216 / 0.065e-3 / 1e9, 1e-6);
  EXPECT_NEAR(b.entries[0].geomean_gflops,
              std::sqrt(16777216 / 0.065e-3 / 1e9 * 67108864 / 0.250e-3 / 1e9), 1e-6);
}

TEST_F(FixtureLeaderboard, SpeedupsAreAgainstTheBaselineOnTheSameDevice) {
  const Board& b = find_board("vector-add", kA100);
  ASSERT_EQ(b.entries.size(), 2u);
  EXPECT_EQ(b.entries[0].author, "bob");
  EXPECT_NEAR(b.entries[0].speedup, std::sqrt(0.150 * 0.580) / std::sqrt(0.130 * 0.520), 1e-9);
}

TEST_F(FixtureLeaderboard, FlagsARuntimeBelowTheMemoryTrafficBoundAndLeavesItUnranked) {
  const Board& b = find_board("vector-add", kH100);
  ASSERT_EQ(b.entries.size(), 4u);
  const Entry& mallory = b.entries[3];
  EXPECT_EQ(mallory.author, "mallory");
  EXPECT_TRUE(mallory.suspicious);
  EXPECT_EQ(mallory.rank, 0);
  ASSERT_EQ(mallory.flags.size(), 2u);  // both cases
  // 3 * 16 Mi floats at 2 x 2619 MHz x 5120 bit / 8 = 3352.32 GB/s.
  EXPECT_NE(mallory.flags[0].find("case n-16m: 0.01 ms is below the 0.0600") , std::string::npos) << mallory.flags[0];
  EXPECT_NEAR(b.limits.bandwidth_gb_per_s, 2 * 2619e6 * 5120 / 8 / 1e9, 1e-9);
  EXPECT_NEAR(b.limits.peak_gflops, 132 * 128 * 2 * 1980e6 / 1e9, 1e-9);
}

TEST_F(FixtureLeaderboard, AnAllowedImpossibleSpeedIsRankedButStaysFlagged) {
  const Board& b = find_board("matmul", kH100);
  ASSERT_EQ(b.entries.size(), 4u);
  const Entry& dave = b.entries[0];
  EXPECT_EQ(dave.author, "dave");
  EXPECT_EQ(dave.rank, 1);
  EXPECT_TRUE(dave.allowed);
  EXPECT_FALSE(dave.suspicious);
  ASSERT_EQ(dave.flags.size(), 1u);
  EXPECT_NE(dave.flags[0].find("case m-2048: 85899.3 GFLOP/s is above the device's float32 peak of 66908.2"),
            std::string::npos)
      << dave.flags[0];
  EXPECT_EQ(b.entries[1].author, "alice");
  EXPECT_EQ(b.entries[2].author, "<script>alert(1)</script>");
  EXPECT_TRUE(b.entries[3].baseline);
}

TEST_F(FixtureLeaderboard, ARecordWithoutDevicePropertiesCannotBeCheckedSoIsNotRanked) {
  const Board& b = find_board("vector-add", "Unknown GPU");
  ASSERT_EQ(b.entries.size(), 1u);
  EXPECT_TRUE(b.entries[0].suspicious);
  EXPECT_EQ(b.entries[0].rank, 0);
  EXPECT_NE(b.entries[0].flags[0].find("lacks the device's compute capability"), std::string::npos);
}

TEST_F(FixtureLeaderboard, WrongAnswersAreNeverRanked) {
  for (const Board& b : board.boards) {
    for (const Entry& entry : b.entries) EXPECT_NE(entry.solution_path, "solutions/matmul/bob.cu");
  }
}

TEST_F(FixtureLeaderboard, OverallIsTheGeometricMeanSpeedupWithMissingProblemsAtOne) {
  ASSERT_EQ(board.overall.size(), 2u);  // the unknown device has no baseline, so no overall
  const DeviceOverall& h100 = board.overall[1];
  ASSERT_EQ(h100.device, kH100);
  EXPECT_EQ(h100.problems, 2);
  const double base_v = std::sqrt(0.080 * 0.300), base_m = std::sqrt(3.0 * 24.0);
  const double alice = std::sqrt(base_v / std::sqrt(0.065 * 0.250) * base_m / std::sqrt(0.9 * 6.5));
  const double bob = std::sqrt(base_v / std::sqrt(0.070 * 0.260) * 1.0);  // no matmul entry: counts as 1
  const double dave = std::sqrt(1.0 * base_m / std::sqrt(0.2 * 2.5));
  ASSERT_EQ(h100.rows.size(), 4u);
  EXPECT_EQ(h100.rows[0].author, "dave");
  EXPECT_NEAR(h100.rows[0].geomean_speedup, dave, 1e-9);
  EXPECT_EQ(h100.rows[1].author, "alice");
  EXPECT_NEAR(h100.rows[1].geomean_speedup, alice, 1e-9);
  EXPECT_EQ(h100.rows[1].problems_entered, 2);
  EXPECT_EQ(h100.rows[3].author, "bob");
  EXPECT_NEAR(h100.rows[3].geomean_speedup, bob, 1e-9);
  EXPECT_EQ(h100.rows[3].problems_entered, 1);
}

TEST_F(FixtureLeaderboard, CpuEmulatedRecordsStayOutOfTheGpuRankings) {
  ASSERT_EQ(board.cpu_emulated.size(), 2u);
  EXPECT_EQ(board.cpu_emulated[0].problem, "matmul");
  EXPECT_EQ(board.cpu_emulated[0].verdict, "WRONG_ANSWER");
  EXPECT_EQ(board.cpu_emulated[1].author, "alice");
  EXPECT_EQ(board.cpu_emulated[1].cpu_model, "AMD EPYC 9B14");
  EXPECT_EQ(board.devices, (std::vector<std::string>{kA100, kH100, "Unknown GPU"}));
  for (const Board& b : board.boards) EXPECT_NE(b.device, "CPU backend (2 workers)");
}

// What the page draws besides the ranking: every clean accepted record by
// date, each case's spread, and the facts the device bounds come from.
TEST_F(FixtureLeaderboard, BoardsKeepTheirHistoryCaseSpreadAndFacts) {
  const Board& h100 = find_board("vector-add", kH100);
  std::vector<std::string> history;
  for (const HistoryPoint& point : h100.history) history.push_back(point.created.substr(0, 10) + " " + point.author);
  // alice's older record is history though not an entry; mallory's suspicious one is neither.
  EXPECT_EQ(history, (std::vector<std::string>{"2026-11-20 alice", "2026-11-20 judge maintainers", "2026-11-20 bob",
                                               "2026-11-21 alice"}));
  EXPECT_TRUE(h100.history[1].baseline);
  ASSERT_EQ(h100.case_facts.size(), 2u);
  EXPECT_EQ(h100.case_facts[0].min_bytes, 201326592);
  EXPECT_EQ(h100.case_facts[1].flops, 67108864);
  const Entry& alice = h100.entries[0];
  ASSERT_EQ(alice.author, "alice");
  EXPECT_EQ(alice.dtype, "float32");
  EXPECT_GT(alice.cases[0].max_ms, alice.cases[0].min_ms);
  EXPECT_GT(alice.cases[0].runs, 0);
  EXPECT_EQ(board.problems.size(), 2u);
}

TEST(DeviceLimits, Fp32LanesFollowTheComputeCapability) {
  EXPECT_EQ(fp32_lanes_per_sm("8.0"), 64);
  EXPECT_EQ(fp32_lanes_per_sm("8.6"), 128);
  EXPECT_EQ(fp32_lanes_per_sm("9.0"), 128);
  EXPECT_EQ(fp32_lanes_per_sm("7.5"), 64);
  EXPECT_EQ(fp32_lanes_per_sm("42.0"), 256);  // unknown: generous
  EXPECT_EQ(fp32_lanes_per_sm("nine"), 0);
  EXPECT_EQ(fp32_lanes_per_sm("9."), 0);
}

TEST(AllowList, RefusesAMalformedLine) {
  EXPECT_EQ(parse_allow_list("# c\n\nabc-1  # why\n", "a.txt").ids, (std::set<std::string>{"abc-1"}));
  try {
    parse_allow_list("ok\nnot ok\n", "a.txt");
    FAIL() << "accepted a line with a space";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("a.txt:2:"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace judge
