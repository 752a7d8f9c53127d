#include "judge/leaderboard/ranking.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "judge/leaderboard/submission.h"
#include "judge/pipeline/statistics.h"

namespace judge {

namespace {

std::string format_number(double value, int precision) {
  std::ostringstream text;
  text.precision(precision);
  text << value;
  return text.str();
}

// Faster first; ties by date, then id, so the order never depends on the
// order files were listed in.
bool faster(const Entry& a, const Entry& b) {
  return std::tie(a.geomean_ms, a.created, a.record_id) < std::tie(b.geomean_ms, b.created, b.record_id);
}

// The reasons a record's speed is impossible on its device; empty when it
// is possible.
std::vector<std::string> impossible_speed_flags(const Entry& entry, const DeviceLimits& limits,
                                                const ProblemFacts& facts) {
  std::vector<std::string> flags;
  if (!limits.known) {
    flags.push_back("the record lacks the device's " + limits.missing + ", so its speed cannot be checked");
    return flags;
  }
  for (const CaseResult& result : entry.cases) {
    if (result.gflops > limits.peak_gflops) {
      flags.push_back("case " + result.name + ": " + format_number(result.gflops, 6) +
                      " GFLOP/s is above the device's float32 peak of " + format_number(limits.peak_gflops, 6) +
                      " GFLOP/s");
    }
    const double min_ms = facts.cases.at(result.name).min_bytes / (limits.bandwidth_gb_per_s * 1e9) * 1e3;
    if (result.median_ms < min_ms) {
      flags.push_back("case " + result.name + ": " + format_number(result.median_ms, 6) + " ms is below the " +
                      format_number(min_ms, 6) + " ms that reading its inputs and writing its outputs once takes at " +
                      format_number(limits.bandwidth_gb_per_s, 6) + " GB/s");
    }
  }
  return flags;
}

// Why a GPU record's cases cannot be compared with others (empty: they can).
std::string case_set_fault(const Record& record, const ProblemFacts& facts) {
  auto tier = facts.tier_cases.find(record.bench_tier);
  if (tier == facts.tier_cases.end()) {
    return "its bench_tier '" + record.bench_tier.substr(0, 40) + "' is not a tier of problem '" + record.problem + "'";
  }
  std::vector<std::string> expected = tier->second, got;
  for (const CaseTiming& c : record.cases) got.push_back(c.name);
  std::sort(expected.begin(), expected.end());
  std::sort(got.begin(), got.end());
  if (expected == got) return "";
  std::string names;
  for (const std::string& name : tier->second) names += (names.empty() ? "" : ", ") + name;
  return "its benchmark cases are not exactly the '" + record.bench_tier + "' tier of problem '" + record.problem +
         "' (" + names + ")";
}

Entry make_entry(const LoadedRecord& loaded, const ProblemFacts& facts, const std::vector<std::string>& case_order) {
  const Record& record = loaded.record;
  Entry entry;
  entry.record_id = loaded.id;
  entry.author = record.author;
  entry.title = record.title;
  entry.solution_path = record.solution_path;
  entry.solution_hash = record.solution_hash;
  entry.created = record.created;
  entry.judge_version = record.judge_version;
  entry.dtype = record.dtype;
  entry.baseline = is_baseline_path(record.problem, record.solution_path);
  std::vector<double> times, rates;
  for (const std::string& name : case_order) {
    const CaseTiming& timing =
        *std::find_if(record.cases.begin(), record.cases.end(), [&](const CaseTiming& c) { return c.name == name; });
    CaseResult result{name,          timing.median_ms, gflops_in(facts.cases.at(name).flops, timing.median_ms),
                      timing.min_ms, timing.max_ms,    timing.rse,
                      timing.runs};
    times.push_back(result.median_ms);
    rates.push_back(result.gflops);
    entry.cases.push_back(result);
  }
  entry.geomean_ms = geometric_mean(times);
  entry.geomean_gflops = geometric_mean(rates);
  return entry;
}

struct Candidate {
  Entry entry;
  DeviceLimits limits;
};

Board rank_board(const std::tuple<std::string, std::string, std::string>& key, std::vector<Candidate>& candidates,
                 const ProblemFacts& facts) {
  Board board;
  std::tie(board.problem, board.device, board.bench_tier) = key;
  board.problem_title = facts.title;
  board.case_names = facts.tier_cases.at(board.bench_tier);
  for (const std::string& name : board.case_names) board.case_facts.push_back(facts.cases.at(name));
  board.limits = candidates.front().limits;
  for (const Candidate& candidate : candidates) {
    const Entry& entry = candidate.entry;
    if (!entry.suspicious) board.history.push_back({entry.created, entry.author, entry.geomean_ms, entry.baseline});
  }
  std::stable_sort(board.history.begin(), board.history.end(),
                   [](const HistoryPoint& a, const HistoryPoint& b) { return a.created < b.created; });

  const Entry* best_baseline = nullptr;
  std::map<std::string, const Entry*> best_clean, best_suspicious;  // by author
  for (const Candidate& candidate : candidates) {
    const Entry& entry = candidate.entry;
    if (entry.baseline) {
      if (!entry.suspicious && (!best_baseline || faster(entry, *best_baseline))) best_baseline = &entry;
      continue;
    }
    auto& best = entry.suspicious ? best_suspicious : best_clean;
    auto it = best.find(entry.author);
    if (it == best.end() || faster(entry, *it->second)) best[entry.author] = &entry;
  }

  std::vector<Entry> ranked, unranked;
  if (best_baseline) ranked.push_back(*best_baseline);
  for (const auto& [author, entry] : best_clean) ranked.push_back(*entry);
  // A suspicious record is shown (flagged, unranked) only where it would
  // have beaten the author's ranked entry.
  for (const auto& [author, entry] : best_suspicious) {
    auto clean = best_clean.find(author);
    if (clean == best_clean.end() || faster(*entry, *clean->second)) unranked.push_back(*entry);
  }
  std::sort(ranked.begin(), ranked.end(), faster);
  std::sort(unranked.begin(), unranked.end(), faster);
  board.baseline_ms = best_baseline ? best_baseline->geomean_ms : 0;
  for (std::size_t i = 0; i < ranked.size(); ++i) ranked[i].rank = static_cast<int>(i + 1);
  board.entries = std::move(ranked);
  board.entries.insert(board.entries.end(), unranked.begin(), unranked.end());
  for (Entry& entry : board.entries) {
    entry.speedup = board.baseline_ms > 0 && entry.geomean_ms > 0 ? board.baseline_ms / entry.geomean_ms : 0;
  }
  return board;
}

std::vector<DeviceOverall> overall_per_device(const std::vector<Board>& boards) {
  std::map<std::string, DeviceOverall> by_device;
  std::map<std::string, std::map<std::string, std::pair<double, int>>> logs;  // device -> author -> (sum log, count)
  for (const Board& board : boards) {
    if (board.bench_tier != "full" || board.baseline_ms <= 0) continue;
    DeviceOverall& overall = by_device[board.device];
    overall.device = board.device;
    ++overall.problems;
    for (const Entry& entry : board.entries) {
      if (entry.rank == 0 || entry.baseline) continue;
      auto& [log_sum, count] = logs[board.device][entry.author];
      log_sum += std::log(entry.speedup);
      ++count;
    }
  }
  std::vector<DeviceOverall> result;
  for (auto& [device, overall] : by_device) {
    for (const auto& [author, sums] : logs[device]) {
      // Problems not entered add log(1) = 0 to the sum.
      overall.rows.push_back({0, author, std::exp(sums.first / overall.problems), sums.second});
    }
    std::sort(overall.rows.begin(), overall.rows.end(), [](const OverallRow& a, const OverallRow& b) {
      return std::tie(b.geomean_speedup, a.author) < std::tie(a.geomean_speedup, b.author);
    });
    for (std::size_t i = 0; i < overall.rows.size(); ++i) overall.rows[i].rank = static_cast<int>(i + 1);
    result.push_back(std::move(overall));
  }
  return result;
}

}  // namespace

bool AllowList::allows(const LoadedRecord& record) const {
  return ids.count(record.id) > 0 || (!record.record.solution_hash.empty() && ids.count(record.record.solution_hash) > 0);
}

AllowList parse_allow_list(const std::string& text, const std::string& file_name) {
  AllowList allow;
  std::istringstream lines(text);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    line = line.substr(0, line.find('#'));
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos) continue;
    const auto last = line.find_last_not_of(" \t\r");
    const std::string id = line.substr(first, last - first + 1);
    const bool plain = id.size() <= 200 && std::all_of(id.begin(), id.end(), [](unsigned char c) {
                         return std::isalnum(c) || c == '-' || c == '_' || c == '.';
                       });
    if (!plain) {
      throw std::runtime_error(file_name + ":" + std::to_string(number) +
                               ": not a record id or solution hash (one per line, letters, digits, '-', '_', '.')");
    }
    allow.ids.insert(id);
  }
  return allow;
}

Leaderboard build_leaderboard(const RecordFolder& folder, const ProblemFactsBySlug& problems,
                              const AllowList& allow, const std::string& generated) {
  Leaderboard leaderboard;
  leaderboard.generated = generated;
  leaderboard.records_read = static_cast<int>(folder.records.size() + folder.skipped.size());
  leaderboard.skipped = folder.skipped;
  leaderboard.problems = problems;

  using Key = std::tuple<std::string, std::string, std::string>;  // problem, device, tier
  std::map<Key, std::vector<Candidate>> groups;
  std::map<std::pair<std::string, std::string>, CpuEmulatedRow> latest_cpu;  // (problem, path) -> newest
  std::set<std::string> devices;

  for (const LoadedRecord& loaded : folder.records) {
    const Record& record = loaded.record;
    auto facts = problems.find(record.problem);
    if (facts == problems.end()) {
      leaderboard.skipped.push_back({loaded.file, "problem '" + record.problem.substr(0, 80) + "' is not in the catalogue"});
      continue;
    }
    if (record.timing == kTimingCpuEmulated) {
      CpuEmulatedRow row{record.problem,  facts->second.title, record.author,    record.title,
                         record.solution_path, record.verdict, record.message, record.device.cpu_model,
                         record.created,  record.judge_version, loaded.id,     record.geomean_ms};
      if (row.cpu_model.empty()) row.cpu_model = record.device.name;
      auto [it, inserted] = latest_cpu.try_emplace({record.problem, record.solution_path}, row);
      if (!inserted && std::tie(row.created, row.record_id) > std::tie(it->second.created, it->second.record_id)) {
        it->second = row;
      }
      continue;
    }
    devices.insert(record.device.name);          // listed even when nothing on it is ranked
    if (record.verdict != "ACCEPTED") continue;  // only accepted solutions are ranked
    if (record.cases.empty()) {
      leaderboard.skipped.push_back({loaded.file, "an ACCEPTED GPU record without benchmark timings"});
      continue;
    }
    if (std::string fault = case_set_fault(record, facts->second); !fault.empty()) {
      leaderboard.skipped.push_back({loaded.file, fault});
      continue;
    }
    Candidate candidate{make_entry(loaded, facts->second, facts->second.tier_cases.at(record.bench_tier)),
                        device_limits(record.device)};
    candidate.entry.flags = impossible_speed_flags(candidate.entry, candidate.limits, facts->second);
    if (!candidate.entry.flags.empty()) {
      candidate.entry.allowed = allow.allows(loaded);
      candidate.entry.suspicious = !candidate.entry.allowed;
    }
    groups[{record.problem, record.device.name, record.bench_tier}].push_back(std::move(candidate));
  }

  for (auto& [key, candidates] : groups) {
    leaderboard.boards.push_back(rank_board(key, candidates, problems.at(std::get<0>(key))));
    devices.insert(std::get<1>(key));
  }
  leaderboard.devices.assign(devices.begin(), devices.end());
  leaderboard.overall = overall_per_device(leaderboard.boards);
  for (auto& [key, row] : latest_cpu) leaderboard.cpu_emulated.push_back(std::move(row));
  return leaderboard;
}

}  // namespace judge
