// Rankings from result records: per problem, dtype and device, the best
// ACCEPTED GPU record of each identity by geometric-mean runtime over the
// benchmark cases, with speedups over the baseline (the problem's
// default.cu) on the same device; overall per device, each identity's
// geometric-mean speedup across problems (in their default dtype);
// CPU-emulated records apart, never ranked against GPU times. Plain data;
// the renderers only print it.
//
// An identity is the GitHub account a record names (stamped by CI from the
// pull request's opener), else, for a record made elsewhere, its display
// name. Display names are NFKC-normalised; a record whose name holds an
// invisible, bidirectional or tag character, or is confusable (UTS #39) with
// the name of another identity that used it first, is skipped with a
// message naming the character.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "judge/leaderboard/device_limits.h"
#include "judge/leaderboard/record.h"

namespace judge {

inline constexpr int kLeaderboardSchemaVersion = 1;

// What the leaderboard needs of a problem (from `judge show --json`): its
// title, tags and statement (for the page's search and statement view), and
// per case the FLOPs and the minimal memory traffic.
struct CaseFacts {
  double flops = 0;
  double min_bytes = 0;
};
struct ProblemFacts {
  std::string title;
  std::string difficulty;              // "EASY", "MEDIUM", "HARD" or empty
  std::vector<std::string> tags;
  std::vector<std::string> dtypes;     // the dtypes [VAR] may take, the default first
  std::string statement;               // the Markdown body of statement.md
  std::string default_dtype;  // the dtype [VAR] takes unless asked; empty: every dtype counts overall
  std::map<std::string, std::vector<std::string>> tier_cases;  // tier -> case names, in order
  std::map<std::string, CaseFacts> cases;                       // by case name
};
using ProblemFactsBySlug = std::map<std::string, ProblemFacts>;

// Maintainers' allow file: records (by record id, the file stem) or
// solutions (by content hash) whose impossible speed was looked into and
// accepted. One id per line; '#' starts a comment.
struct AllowList {
  std::set<std::string> ids;
  bool allows(const LoadedRecord& record) const;
};
// Throws std::runtime_error naming the line of a malformed entry.
AllowList parse_allow_list(const std::string& text, const std::string& file_name);

struct CaseResult {
  std::string name;
  double median_ms = 0;
  double gflops = 0;  // the problem's FLOPs / median: never the record's own claim
  double min_ms = 0, max_ms = 0;  // the fastest and slowest timed run
  double rse = 0;                  // relative standard error of the mean
  int runs = 0;
};

struct Entry {
  int rank = 0;               // 1-based; 0 when not ranked (suspicious)
  bool baseline = false;
  bool suspicious = false;    // an impossible speed, not (yet) allowed
  bool allowed = false;       // impossible speed, listed in the allow file
  std::vector<std::string> flags;  // why it is suspicious, one sentence each
  std::string record_id;
  std::string author;         // the display name (NFKC)
  std::string account;        // the GitHub login; empty for a record made elsewhere
  std::string title, solution_path, solution_hash, created, judge_version, dtype;
  // What the outputs held before each call (record.h): ranked with the
  // others, as the timing is the same, and shown where it is not zeros.
  std::string output_fill = kOutputFillZeros;
  double geomean_ms = 0;
  double geomean_gflops = 0;
  double speedup = 0;         // baseline geomean / this geomean; 0 when no baseline
  std::vector<CaseResult> cases;
};

// One record of a board's history: every ACCEPTED record that is not
// suspicious, not only each author's best, so the page can draw the race
// over time.
struct HistoryPoint {
  std::string created, author;
  double geomean_ms = 0;
  bool baseline = false;
};

// One ranking: a problem in one dtype on a device, timed on one tier's cases.
struct Board {
  std::string problem, problem_title, device, bench_tier;
  std::string dtype;
  bool limits_from_table = false;  // the device's bounds are the device table's, not the records' claims
  std::vector<std::string> case_names;
  std::vector<CaseFacts> case_facts;  // parallel to case_names
  DeviceLimits limits;        // of the device, as the records describe it
  double baseline_ms = 0;     // 0 when no baseline record on this device
  std::vector<Entry> entries; // ranked entries by rank, then unranked ones
  std::vector<HistoryPoint> history;  // by date, then record id
};

struct OverallRow {
  int rank = 0;
  std::string author;   // the display name of the identity's latest ranked entry
  std::string account;  // empty for an identity that is a display name
  double geomean_speedup = 0;
  int problems_entered = 0;
};

// Per device over its "full"-tier boards that have a baseline. A problem an
// author has no ranked entry for counts as speedup 1 (the baseline's own).
struct DeviceOverall {
  std::string device;
  int problems = 0;
  std::vector<OverallRow> rows;
};

// A CPU-emulated record: correctness status only. Its timing is the CPU
// backend's and is shown as that, never ranked.
struct CpuEmulatedRow {
  std::string problem, problem_title, author, account, dtype, title, solution_path, verdict, message, cpu_model, created,
      judge_version, record_id;
  double geomean_ms = 0;
  std::string output_fill = kOutputFillZeros;
};

struct Leaderboard {
  std::string generated;              // ISO 8601 UTC
  int records_read = 0;
  std::vector<std::string> devices;   // GPU devices of any record (a device may have no board), sorted
  ProblemFactsBySlug problems;        // the catalogue the records were ranked against
  std::vector<Board> boards;          // by problem, device, tier, then dtype: the problem's default first
  std::vector<DeviceOverall> overall; // by device
  std::vector<CpuEmulatedRow> cpu_emulated;
  std::vector<SkippedRecord> skipped; // unreadable records and records the rankings cannot use
};

// The GPU devices of the CI's device table (tools/ci/devices.json, each
// device's "gpu" object), by the name the CUDA runtime reports: the bounds
// of the impossible-speed check come from here, never from a record's claim.
struct DeviceTable {
  bool given = false;  // false: no table; each record's own properties are used
  std::map<std::string, DeviceProperties> gpus;
};
// From the table's JSON; throws std::runtime_error naming a malformed entry.
DeviceTable parse_device_table(const nlohmann::json& table);

// Builds the leaderboard. Records of unknown problems, or whose benchmark
// cases are not exactly one tier of the problem's, are added to `skipped`
// with the reason; so are GPU records not benchmarked, GPU records of a
// device the table (when given) does not list, records dated after
// `generated`, and records whose display name is refused (see above).
Leaderboard build_leaderboard(const RecordFolder& folder, const ProblemFactsBySlug& problems,
                              const AllowList& allow, const std::string& generated,
                              const DeviceTable& devices = {});

}  // namespace judge
