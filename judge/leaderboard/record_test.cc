#include "judge/leaderboard/record.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <random>

namespace judge {
namespace {

namespace fs = std::filesystem;

Record sample_record() {
  Record record;
  record.problem = "vector-add";
  record.solution_path = "solutions/vector-add/fast.cu";
  record.solution_hash = "0123abcd";
  record.author = "Ada";
  record.title = "fast";
  record.verdict = "ACCEPTED";
  record.timing = kTimingGpu;
  record.device.name = "NVIDIA H100 80GB HBM3";
  record.device.compute_capability = "9.0";
  record.device.sm_count = 132;
  record.device.clock_mhz = 1980;
  record.judge_version = "abc";
  record.seed = 7;
  record.created = "2026-11-23T09:00:00Z";
  record.bench_tier = "full";
  record.cases.push_back({"n-16m", 16777216, 0.07, 0.071, 0.069, 0.08, 0.004, 40, 239.7, 16, 0.0007, {11, 12}});
  record.geomean_ms = 0.07;
  return record;
}

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = fs::path(std::getenv("TEST_TMPDIR")) / name;
  fs::remove_all(dir);
  return dir;
}

TEST(Record, RoundTripsThroughJson) {
  const Record record = sample_record();
  const Record back = record_from_json(record_to_json(record));
  EXPECT_EQ(record_to_json(back), record_to_json(record));
}

TEST(Record, CarriesHowEachFigureWasMeasured) {
  const Record back = record_from_json(record_to_json(sample_record()));
  EXPECT_EQ(back.cases[0].calls_per_batch, 16);
  EXPECT_DOUBLE_EQ(back.cases[0].noise_bound_ms, 0.0007);
  EXPECT_EQ(back.cases[0].input_seeds, (std::vector<uint64_t>{11, 12}));
  // An older record without it still reads.
  nlohmann::json older = record_to_json(sample_record());
  older["cases"][0].erase("measurement");
  EXPECT_EQ(record_from_json(older).cases[0].calls_per_batch, 0);
}

// The figures carry the names the rest of the judge uses (median_ms, ...);
// a version 1 record, which nested them as runtime_ms.median, still reads
// to the same figures, and is written back in the current names.
TEST(Record, WritesOneNameForTheMedianAndReadsTheOlderOne) {
  const nlohmann::json written = record_to_json(sample_record());
  EXPECT_EQ(written["schema_version"], kRecordSchemaVersion);
  EXPECT_EQ(written["cases"][0]["median_ms"], 0.07);
  EXPECT_EQ(written["geomean_ms"], 0.07);
  EXPECT_FALSE(written["cases"][0].contains("runtime_ms"));
  EXPECT_FALSE(written.contains("geomean_runtime_ms"));

  nlohmann::json older = written;
  older["schema_version"] = 1;
  older.erase("geomean_ms");
  older["geomean_runtime_ms"] = 0.07;
  nlohmann::json& c = older["cases"][0];
  c["runtime_ms"] = {{"median", c["median_ms"]}, {"mean", c["mean_ms"]}, {"min", c["min_ms"]}, {"max", c["max_ms"]}};
  for (const char* key : {"median_ms", "mean_ms", "min_ms", "max_ms"}) c.erase(key);
  const Record read_back = record_from_json(older);
  EXPECT_EQ(read_back.schema_version, 1);
  EXPECT_DOUBLE_EQ(read_back.cases[0].median_ms, 0.07);
  EXPECT_DOUBLE_EQ(read_back.cases[0].mean_ms, 0.071);
  EXPECT_DOUBLE_EQ(read_back.cases[0].min_ms, 0.069);
  EXPECT_DOUBLE_EQ(read_back.cases[0].max_ms, 0.08);
  EXPECT_DOUBLE_EQ(read_back.geomean_ms, 0.07);
  EXPECT_EQ(record_to_json(read_back), written);

  // The older names in a current record are not the figure: refused, naming it.
  nlohmann::json mixed = older;
  mixed["schema_version"] = kRecordSchemaVersion;
  try {
    record_from_json(mixed);
    FAIL() << "a current record without median_ms was read";
  } catch (const RecordError& error) {
    EXPECT_NE(std::string(error.what()).find("field 'cases[0].median_ms' is missing"), std::string::npos) << error.what();
  }
}

TEST(Record, WriteNamesByContentAndNeverReplaces) {
  const fs::path dir = fresh_dir("write");
  Record record = sample_record();
  const fs::path first = write_record(dir, record);
  EXPECT_EQ(first.filename().string().rfind("vector-add--", 0), 0u);
  EXPECT_EQ(first.filename().string().size(), std::string("vector-add--").size() + 64 + std::string(".json").size());
  EXPECT_EQ(write_record(dir, record), first);  // same content, same name, still one file
  record.created = "2026-11-23T09:00:01Z";
  const fs::path second = write_record(dir, record);
  EXPECT_NE(second, first);
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    ++files;
    EXPECT_EQ(entry.path().extension(), ".json") << "a temporary file was left: " << entry.path();
  }
  EXPECT_EQ(files, 2u);
  EXPECT_EQ(read_record(first).created, "2026-11-23T09:00:00Z");
}

TEST(Record, RefusesRecordsItCannotTrust) {
  nlohmann::json j = record_to_json(sample_record());
  auto refusal = [](nlohmann::json bad) -> std::string {
    try {
      record_from_json(bad);
      return "(accepted)";
    } catch (const RecordError& error) {
      return error.what();
    }
  };
  nlohmann::json bad = j;
  bad["timing"] = "gpu-ish";
  EXPECT_NE(refusal(bad).find("field 'timing' is 'gpu-ish'"), std::string::npos) << refusal(bad);
  bad = j;
  bad["cases"][0]["median_ms"] = -1;
  EXPECT_NE(refusal(bad).find("cases[0].median_ms"), std::string::npos) << refusal(bad);
  bad = j;
  bad["cases"][0]["median_ms"] = 0;
  EXPECT_NE(refusal(bad).find("is not positive"), std::string::npos) << refusal(bad);
  bad = j;
  bad["author"] = std::string(5000, 'a');
  EXPECT_NE(refusal(bad).find("longer than 4096"), std::string::npos) << refusal(bad);
  bad = j;
  bad.erase("solution");
  EXPECT_NE(refusal(bad).find("field 'solution' is missing"), std::string::npos) << refusal(bad);
  bad = j;
  bad["seed"] = -3;
  EXPECT_NE(refusal(bad).find("field 'seed'"), std::string::npos) << refusal(bad);
  bad = j;
  bad["device"]["sm_count"] = 1.5;
  EXPECT_NE(refusal(bad).find("device.sm_count"), std::string::npos) << refusal(bad);
  EXPECT_NE(refusal(nlohmann::json::array()).find("not a JSON object"), std::string::npos);
}

// What a forger fills with anything is checked for its shape: the verdict,
// the date, the judge version, the account and the definition hash.
TEST(Record, RefusesForgedVerdictDateVersionAndAccount) {
  const nlohmann::json j = record_to_json(sample_record());
  auto refusal = [&](const char* key, const nlohmann::json& value) -> std::string {
    nlohmann::json bad = j;
    bad[key] = value;
    try {
      record_from_json(bad);
      return "(accepted)";
    } catch (const RecordError& error) {
      return error.what();
    }
  };
  EXPECT_NE(refusal("verdict", "ACCEPTED <b>fast</b>").find("field 'verdict'"), std::string::npos);
  EXPECT_NE(refusal("verdict", "accepted").find("not a verdict the judge gives"), std::string::npos);
  EXPECT_NE(refusal("created", "yesterday").find("not an ISO 8601 UTC time"), std::string::npos);
  EXPECT_NE(refusal("created", "2026-13-01T00:00:00Z").find("field 'created'"), std::string::npos);
  EXPECT_NE(refusal("judge_version", "v1 | **rigged**").find("field 'judge_version'"), std::string::npos);
  EXPECT_NE(refusal("account", "ada lovelace").find("not a GitHub login"), std::string::npos);
  EXPECT_NE(refusal("account", "-ada").find("not a GitHub login"), std::string::npos);
  EXPECT_NE(refusal("problem_definition", "abc").find("not a SHA-256 digest"), std::string::npos);
  EXPECT_EQ(refusal("verdict", "WRONG_ANSWER"), "(accepted)");
  EXPECT_EQ(refusal("judge_version", "binary-" + std::string(64, 'a')), "(accepted)");
  EXPECT_EQ(refusal("account", "ada-l"), "(accepted)");
  EXPECT_NE(refusal("output_fill", "zeroes").find("field 'output_fill' is 'zeroes', not 'zeros' or 'poison'"),
            std::string::npos);
  EXPECT_EQ(refusal("output_fill", "poison"), "(accepted)");
  nlohmann::json older = j;  // a record from before the field: the default, zeros
  older.erase("output_fill");
  EXPECT_EQ(record_from_json(older).output_fill, kOutputFillZeros);

  Record stamped = sample_record();
  stamped.account = "ada";
  stamped.problem_definition = std::string(64, 'f');
  const Record read_back = record_from_json(record_to_json(stamped));
  EXPECT_EQ(read_back.account, "ada");
  EXPECT_EQ(read_back.problem_definition, std::string(64, 'f'));
}

// A file whose bytes are not UTF-8 is skipped; its name and the parser's
// message (which quotes the bytes) are kept only in printable form, so the
// leaderboard's JSON can still be written.
TEST(Record, SkipsInvalidUtf8WithAPrintableReason) {
  const fs::path dir = fresh_dir("utf8");
  fs::create_directories(dir);
  std::string text = record_to_json(sample_record()).dump(2);
  text.replace(text.find("\"Ada\""), 5, "\"Zo\xC3\"");
  std::ofstream(dir / "vector-add--\xff.json", std::ios::binary) << text;
  const RecordFolder folder = load_record_folder(dir);
  ASSERT_EQ(folder.skipped.size(), 1u);
  EXPECT_EQ(folder.skipped[0].file, "vector-add--\\xff.json");
  EXPECT_NE(folder.skipped[0].reason.find("not valid JSON"), std::string::npos) << folder.skipped[0].reason;
  const nlohmann::json reported = {{"file", folder.skipped[0].file}, {"reason", folder.skipped[0].reason}};
  EXPECT_NO_THROW(reported.dump());
}

// Every prefix and many random byte flips of a valid record: each is either
// read or refused with a RecordError, never a crash or another exception.
TEST(Record, SurvivesTruncationAndCorruption) {
  const fs::path dir = fresh_dir("fuzz");
  fs::create_directories(dir);
  const std::string text = record_to_json(sample_record()).dump(2);
  std::mt19937 random(1);
  int refused = 0;
  for (std::size_t trial = 0; trial < text.size() + 500; ++trial) {
    std::string mutated = text;
    if (trial < text.size()) {
      mutated.resize(trial);
    } else {
      for (int flips = 0; flips < 3; ++flips) mutated[random() % mutated.size()] = static_cast<char>(random() % 256);
    }
    std::ofstream(dir / "r.json", std::ios::binary) << mutated;
    try {
      read_record(dir / "r.json");
    } catch (const RecordError&) {
      ++refused;
    }
  }
  EXPECT_GE(refused, static_cast<int>(text.size()));  // every strict prefix is refused
}

TEST(Record, RefusesAnOversizedFileWithoutReadingIt) {
  const fs::path dir = fresh_dir("big");
  fs::create_directories(dir);
  std::ofstream(dir / "big.json") << std::string(kMaxRecordBytes + 1, ' ');
  try {
    read_record(dir / "big.json");
    FAIL();
  } catch (const RecordError& error) {
    EXPECT_NE(std::string(error.what()).find("at most 4 MiB"), std::string::npos);
  }
}

// A record's strings come from a submission's header and a solution's
// process: written and read back only in printable form, whatever bytes they
// held (raw escape sequences, invalid UTF-8, a workflow command).
TEST(Record, StoresAndReadsHostileStringsOnlyEscaped) {
  Record record = sample_record();
  record.author = "Eve\x1b[2J";
  record.title = "::error file=a.cu::forged";
  record.message = "line\r\nACCEPTED\xff";
  record.device.name = "GPU\xe2\x80\xae";
  const nlohmann::json written = record_to_json(record);
  EXPECT_NO_THROW(written.dump());
  EXPECT_EQ(written["author"], "Eve\\x1b[2J");
  EXPECT_EQ(written["title"], "\\x3a:error file=a.cu::forged");
  EXPECT_EQ(written["message"], "line\\x0d\nACCEPTED\\xff");

  nlohmann::json raw = written;
  raw["author"] = "Mallory\x1b]0;t\x07";  // a record written by something else
  EXPECT_EQ(record_from_json(raw).author, "Mallory\\x1b]0;t\\x07");
}

}  // namespace
}  // namespace judge
