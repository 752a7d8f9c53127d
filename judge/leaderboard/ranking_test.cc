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
#include "judge/leaderboard/publish.h"

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
  EXPECT_NE(skip_reason("vector-add--bad-type.json").find("field 'cases[0].median_ms' is not a number"),
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
  // It is a schema 1 record (runtime_ms.median): its figures count as the current records' do.
  EXPECT_NEAR(h100.history[0].geomean_ms, std::sqrt(0.075 * 0.29), 1e-12);
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

namespace judge {
namespace {

// Synthetic records made from one fixture record, for the rules about trust:
// device bounds, dtypes, identities and names.
class TrustRules : public ::testing::Test {
 protected:
  LoadedRecord record(const std::string& id, const std::string& account, const std::string& author,
                      const std::string& created = "2026-11-20T10:00:00Z") {
    LoadedRecord loaded;
    loaded.file = id + ".json";
    loaded.id = id;
    loaded.record = read_record(testdata() / "records" / "matmul--alice-h100.json");
    loaded.record.account = account;
    loaded.record.author = author;
    loaded.record.created = created;
    loaded.record.solution_path = "solutions/matmul/" + id + ".cu";
    return loaded;
  }
  Leaderboard build(const std::vector<LoadedRecord>& records, const DeviceTable& devices = {}) {
    RecordFolder folder;
    folder.records = records;
    return build_leaderboard(folder, fixture_problems(), {}, "2026-11-23T00:00:00Z", devices);
  }
  static std::string reason(const Leaderboard& leaderboard, const std::string& id) {
    for (const SkippedRecord& skipped : leaderboard.skipped) {
      if (skipped.file == id + ".json") return skipped.reason;
    }
    return "(not skipped)";
  }
  static DeviceTable h100_table() {
    return parse_device_table(nlohmann::json::parse(R"({"devices": [
      {"name": "cpu"},
      {"name": "h100", "gpu": {"name": "NVIDIA H100 80GB HBM3", "compute_capability": "9.0", "sm_count": 132,
                               "clock_mhz": 1980, "memory_clock_mhz": 2619, "memory_bus_width_bits": 5120}}]})"));
  }
};

// A record that claims 20 times the H100's memory clock (and its SMs) is
// not flagged by its own claims at ten times the physical limit; the device
// table's bounds flag it.
TEST_F(TrustRules, DeviceBoundsComeFromTheTableNotTheRecord) {
  LoadedRecord forged = record("forged", "mallory", "Mallory");
  forged.record.device.memory_clock_mhz *= 20;
  forged.record.device.sm_count *= 20;
  const ProblemFacts facts = fixture_problems().at("matmul");
  const DeviceLimits real = device_limits(h100_table().gpus.at("NVIDIA H100 80GB HBM3"));
  for (CaseTiming& c : forged.record.cases) {
    const double min_ms = facts.cases.at(c.name).min_bytes / (real.bandwidth_gb_per_s * 1e9) * 1e3;
    const double peak_ms = facts.cases.at(c.name).flops / (real.peak_gflops * 1e9) * 1e3;
    c.median_ms = std::max(min_ms, peak_ms) / 10;  // ten times faster than the device can be
  }
  const Leaderboard trusting = build({forged});
  ASSERT_EQ(trusting.boards.size(), 1u);
  EXPECT_FALSE(trusting.boards[0].entries[0].suspicious) << "the record's own claims already flag it";
  const Leaderboard checked = build({forged}, h100_table());
  ASSERT_EQ(checked.boards.size(), 1u);
  EXPECT_TRUE(checked.boards[0].limits_from_table);
  EXPECT_TRUE(checked.boards[0].entries[0].suspicious);
  EXPECT_EQ(checked.boards[0].entries[0].rank, 0);
  EXPECT_NEAR(checked.boards[0].limits.bandwidth_gb_per_s, 3352.32, 0.01);

  LoadedRecord unknown = record("unknown-gpu", "mallory", "Mallory");
  unknown.record.device.name = "NVIDIA H100 80GB HBM3 (trust me)";
  EXPECT_NE(reason(build({unknown}, h100_table()), "unknown-gpu").find("is not a GPU of the device table"),
            std::string::npos);
  EXPECT_THROW(parse_device_table(nlohmann::json::parse(R"({"devices": [{"name": "x", "gpu": {"name": "G"}}]})")),
               std::runtime_error);
}

// Each dtype has its own board, and the default dtype's (float32) comes
// first, before float16 and others, though their names sort before it.
TEST_F(TrustRules, EachDtypeHasItsOwnBoardTheDefaultFirst) {
  LoadedRecord half = record("half", "ada", "Ada Lovelace");
  half.record.dtype = "float16";
  LoadedRecord bfloat = record("bfloat", "ada", "Ada Lovelace");
  bfloat.record.dtype = "bfloat16";
  const Leaderboard leaderboard = build({half, record("single", "ada", "Ada Lovelace"), bfloat});
  ASSERT_EQ(leaderboard.boards.size(), 3u);
  for (const Board& board : leaderboard.boards) {
    ASSERT_EQ(board.entries.size(), 1u) << board.dtype;
    EXPECT_EQ(board.entries[0].record_id,
              board.dtype == "float16" ? "half" : board.dtype == "bfloat16" ? "bfloat" : "single");
  }
  std::vector<std::string> order;
  for (const Board& board : leaderboard.boards) order.push_back(board.dtype);
  EXPECT_EQ(order, (std::vector<std::string>{"float32", "bfloat16", "float16"}));  // none listed: by name after

  // A problem that lists its dtypes orders its boards so, the default first.
  ProblemFactsBySlug problems = fixture_problems();
  problems.at("matmul").dtypes = {"float32", "float16", "bfloat16"};
  RecordFolder folder;
  folder.records = {half, bfloat, record("single", "ada", "Ada Lovelace")};
  order.clear();
  for (const Board& board : build_leaderboard(folder, problems, {}, "2026-11-23T00:00:00Z").boards) {
    order.push_back(board.dtype);
  }
  EXPECT_EQ(order, (std::vector<std::string>{"float32", "float16", "bfloat16"}));
}

// A record judged with --poison-outputs is timed as any other, so it is
// ranked with them, and its entry carries the fill for the page to show.
TEST_F(TrustRules, APoisonFilledRecordIsRankedWithTheOthersAndCarriesItsFill) {
  LoadedRecord poisoned = record("poisoned", "grace", "Grace Hopper");
  poisoned.record.output_fill = kOutputFillPoison;
  for (CaseTiming& c : poisoned.record.cases) c.median_ms *= 0.9;
  const Leaderboard leaderboard = build({record("ada", "ada", "Ada Lovelace"), poisoned});
  ASSERT_EQ(leaderboard.boards.size(), 1u);
  const std::vector<Entry>& entries = leaderboard.boards[0].entries;
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].record_id, "poisoned");
  EXPECT_EQ(entries[0].rank, 1);
  EXPECT_EQ(entries[0].output_fill, kOutputFillPoison);
  EXPECT_EQ(entries[1].output_fill, kOutputFillZeros);
}

TEST_F(TrustRules, RanksAccountsAndShowsTheirNames) {
  // One account, two display names: one ranked entry, the faster.
  LoadedRecord faster = record("ada-fast", "ada", "Ada L.", "2026-11-21T10:00:00Z");
  for (CaseTiming& c : faster.record.cases) c.median_ms *= 0.9;
  const Leaderboard leaderboard = build({record("ada-slow", "ada", "Ada Lovelace"), faster,
                                         record("grace", "grace", "Grace Hopper")});
  EXPECT_TRUE(leaderboard.skipped.empty()) << leaderboard.skipped[0].reason;
  ASSERT_EQ(leaderboard.boards.size(), 1u);
  ASSERT_EQ(leaderboard.boards[0].entries.size(), 2u);
  EXPECT_EQ(leaderboard.boards[0].entries[0].account, "ada");
  EXPECT_EQ(leaderboard.boards[0].entries[0].author, "Ada L.");
  EXPECT_EQ(leaderboard.boards[0].entries[1].account, "grace");
}

// `// author: Ada Lovelace` in another account's file, or a look-alike of
// it, is refused with the character named; the first to use a name keeps it.
TEST_F(TrustRules, RefusesImpersonatingAndInvisibleNames) {
  const Leaderboard leaderboard = build({
      record("ada", "ada", "Ada Lovelace", "2026-11-20T10:00:00Z"),
      record("same", "mallory", "Ada Lovelace", "2026-11-21T10:00:00Z"),
      record("cyrillic", "mallory", "\xD0\x90" "da Lovelace", "2026-11-21T10:00:00Z"),
      record("nbsp", "mallory", "Ada\xC2\xA0Lovelace", "2026-11-21T10:00:00Z"),
      record("tag", "mallory", "Ada Lovelace\xF3\xA0\x81\x81", "2026-11-21T10:00:00Z"),
      record("mark", "mallory", "Ada\xD8\x9C Lovelace", "2026-11-21T10:00:00Z"),
      record("login", "mallory", "ADA", "2026-11-21T10:00:00Z"),
      record("legacy", "", "Ada Lovelace", "2026-11-21T10:00:00Z"),
      record("own", "mallory", "Mallory", "2026-11-21T10:00:00Z"),
  });
  EXPECT_NE(reason(leaderboard, "same").find("confusable with 'Ada Lovelace', the name of account ada (the same letters)"),
            std::string::npos) << reason(leaderboard, "same");
  EXPECT_NE(reason(leaderboard, "cyrillic").find("U+0410 CYRILLIC CAPITAL LETTER A"), std::string::npos)
      << reason(leaderboard, "cyrillic");
  EXPECT_NE(reason(leaderboard, "nbsp").find("U+00A0 NO-BREAK SPACE"), std::string::npos) << reason(leaderboard, "nbsp");
  EXPECT_NE(reason(leaderboard, "tag").find("U+E0041 TAG LATIN CAPITAL LETTER A"), std::string::npos)
      << reason(leaderboard, "tag");
  EXPECT_NE(reason(leaderboard, "mark").find("U+061C ARABIC LETTER MARK"), std::string::npos) << reason(leaderboard, "mark");
  EXPECT_NE(reason(leaderboard, "login").find("the name of account ada"), std::string::npos) << reason(leaderboard, "login");
  EXPECT_NE(reason(leaderboard, "legacy").find("confusable with 'Ada Lovelace'"), std::string::npos);
  EXPECT_EQ(reason(leaderboard, "ada"), "(not skipped)");
  EXPECT_EQ(reason(leaderboard, "own"), "(not skipped)");
  ASSERT_EQ(leaderboard.boards.size(), 1u);
  EXPECT_EQ(leaderboard.boards[0].entries.size(), 2u);  // ada and mallory, once each
}

TEST_F(TrustRules, RefusesARecordDatedAfterTheBuild) {
  EXPECT_NE(reason(build({record("future", "ada", "Ada", "2027-01-01T00:00:00Z")}), "future").find("after this build"),
            std::string::npos);
}

}  // namespace
}  // namespace judge

namespace judge {
namespace {

// A record holding invalid UTF-8 (an author cut inside a character) is
// skipped with a printable reason; every published file is still written.
TEST(Publish, ABadRecordNeverStopsThePage) {
  const fs::path results = fs::path(std::getenv("TEST_TMPDIR")) / "bad-utf8-records";
  const fs::path out = fs::path(std::getenv("TEST_TMPDIR")) / "bad-utf8-pages";
  fs::remove_all(results);
  fs::create_directories(results);
  fs::copy_file(testdata() / "records" / "matmul--alice-h100.json", results / "matmul--alice-h100.json");
  std::string text = read(testdata() / "records" / "matmul--alice-h100.json");
  text.replace(text.find("\"alice\""), 7, "\"Zo\xC3\"");  // U+00EB cut after its first byte
  std::ofstream(results / "matmul--cut\xC3.json", std::ios::binary) << text;

  const Leaderboard leaderboard =
      publish_leaderboard(results, out, fixture_problems(), {}, {}, "2026-11-23T00:00:00Z");
  ASSERT_EQ(leaderboard.skipped.size(), 1u);
  EXPECT_EQ(leaderboard.skipped[0].file, "matmul--cut\\xc3.json");
  EXPECT_NE(leaderboard.skipped[0].reason.find("not valid JSON"), std::string::npos) << leaderboard.skipped[0].reason;
  for (const PublishedFormat& format : published_formats()) {
    EXPECT_TRUE(fs::is_regular_file(out / format.file_name)) << format.file_name;
  }
  const nlohmann::json published = nlohmann::json::parse(read(out / "leaderboard.json"));
  EXPECT_EQ(published["skipped"].size(), 1u);
  EXPECT_EQ(published["boards"].size(), 1u);
}

}  // namespace
}  // namespace judge

namespace judge {
namespace {

// The CPU section's verdict is escaped in leaderboard.md like every other
// field (records refuse unknown verdicts; an older leaderboard.json may not).
TEST(Publish, EscapesTheCpuSectionsVerdictInMarkdown) {
  nlohmann::json data = leaderboard_json(Leaderboard{}, {});
  data["cpu_emulated"] = nlohmann::json::array({{{"problem", "matmul"}, {"author", "a"}, {"account", "a"},
                                                 {"title", "t"}, {"source_url", ""}, {"verdict", "<b>ok</b> | [x](y)"},
                                                 {"cpu_model", "c"}, {"emulated_geomean_ms", nullptr},
                                                 {"created", "2026-11-20T10:00:00Z"}}});
  const std::string markdown = leaderboard_markdown(data);
  EXPECT_NE(markdown.find("&lt;b&gt;ok&lt;/b&gt; \\| \\[x\\]\\(y\\)"), std::string::npos) << markdown;
  EXPECT_EQ(markdown.find("<b>"), std::string::npos);
}

}  // namespace
}  // namespace judge
