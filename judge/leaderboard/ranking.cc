#include "judge/leaderboard/ranking.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "judge/common/printable.h"
#include "judge/leaderboard/display_name.h"
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

// The key an entry is ranked under: its account, else its display name.
std::string identity_of(const std::string& account, const std::string& author) {
  return account.empty() ? "name:" + author : "account:" + account;
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
  entry.author = normalized_name(record.author);
  entry.account = record.account;
  entry.title = record.title;
  entry.solution_path = record.solution_path;
  entry.solution_hash = record.solution_hash;
  entry.created = record.created;
  entry.judge_version = record.judge_version;
  entry.dtype = record.dtype;
  entry.output_fill = record.output_fill;
  entry.baseline = is_baseline_path(record.problem, record.solution_path);
  std::vector<double> times, rates;
  for (const std::string& name : case_order) {
    const CaseTiming& timing =
        *std::find_if(record.cases.begin(), record.cases.end(), [&](const CaseTiming& c) { return c.name == name; });
    CaseResult result{name,          timing.median_ms, gflops_in(facts.cases.at(name).flops, timing.median_ms),
                      timing.min_ms, timing.max_ms,    timing.rse,
                      timing.runs};
    // Ranked as the judge's overall figure is (ranked_ms, statistics.h).
    times.push_back(ranked_ms(timing.median_ms, timing.noise_bound_ms));
    rates.push_back(gflops_in(facts.cases.at(name).flops, times.back()));
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

using BoardKey = std::tuple<std::string, std::string, std::string, std::string>;  // problem, device, tier, dtype

Board rank_board(const BoardKey& key, std::vector<Candidate>& candidates, const ProblemFacts& facts,
                 bool limits_from_table) {
  Board board;
  std::tie(board.problem, board.device, board.bench_tier, board.dtype) = key;
  board.limits_from_table = limits_from_table;
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
  std::map<std::string, const Entry*> best_clean, best_suspicious;  // by identity
  for (const Candidate& candidate : candidates) {
    const Entry& entry = candidate.entry;
    if (entry.baseline) {
      if (!entry.suspicious && (!best_baseline || faster(entry, *best_baseline))) best_baseline = &entry;
      continue;
    }
    auto& best = entry.suspicious ? best_suspicious : best_clean;
    const std::string identity = identity_of(entry.account, entry.author);
    auto it = best.find(identity);
    if (it == best.end() || faster(entry, *it->second)) best[identity] = &entry;
  }

  std::vector<Entry> ranked, unranked;
  if (best_baseline) ranked.push_back(*best_baseline);
  for (const auto& [identity, entry] : best_clean) ranked.push_back(*entry);
  // A suspicious record is shown (flagged, unranked) only where it would
  // have beaten the author's ranked entry.
  for (const auto& [identity, entry] : best_suspicious) {
    auto clean = best_clean.find(identity);
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

// Where a dtype's board goes among a problem's boards on a device: the
// problem's default dtype first (float32 unless the catalogue says
// otherwise; by name float16 would come first), then its other dtypes in the
// catalogue's order, then any other by name.
std::size_t dtype_position(const ProblemFacts& facts, const std::string& dtype) {
  const std::string first = !facts.default_dtype.empty() ? facts.default_dtype
                            : !facts.dtypes.empty()      ? facts.dtypes.front()
                                                         : "float32";
  if (dtype == first) return 0;
  const auto listed = std::find(facts.dtypes.begin(), facts.dtypes.end(), dtype);
  return listed == facts.dtypes.end() ? facts.dtypes.size() + 1 : 1 + static_cast<std::size_t>(listed - facts.dtypes.begin());
}

std::vector<DeviceOverall> overall_per_device(const std::vector<Board>& boards, const ProblemFactsBySlug& problems) {
  struct Sums {
    double log_sum = 0;
    int count = 0;
    const Entry* latest = nullptr;  // its display name and account name the row
  };
  std::map<std::string, DeviceOverall> by_device;
  std::map<std::string, std::map<std::string, Sums>> logs;  // device -> identity -> sums
  for (const Board& board : boards) {
    if (board.bench_tier != "full" || board.baseline_ms <= 0) continue;
    // Each problem once: in its default dtype (the others have boards of their own).
    const std::string& default_dtype = problems.at(board.problem).default_dtype;
    if (!default_dtype.empty() && board.dtype != default_dtype) continue;
    DeviceOverall& overall = by_device[board.device];
    overall.device = board.device;
    ++overall.problems;
    for (const Entry& entry : board.entries) {
      if (entry.rank == 0 || entry.baseline) continue;
      Sums& sums = logs[board.device][identity_of(entry.account, entry.author)];
      sums.log_sum += std::log(entry.speedup);
      ++sums.count;
      if (!sums.latest || entry.created > sums.latest->created) sums.latest = &entry;
    }
  }
  std::vector<DeviceOverall> result;
  for (auto& [device, overall] : by_device) {
    for (const auto& [identity, sums] : logs[device]) {
      // Problems not entered add log(1) = 0 to the sum.
      overall.rows.push_back({0, sums.latest->author, sums.latest->account,
                              std::exp(sums.log_sum / overall.problems), sums.count});
    }
    std::sort(overall.rows.begin(), overall.rows.end(), [](const OverallRow& a, const OverallRow& b) {
      return std::tie(b.geomean_speedup, a.account, a.author) < std::tie(a.geomean_speedup, b.account, b.author);
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

DeviceTable parse_device_table(const nlohmann::json& table) {
  DeviceTable devices;
  devices.given = true;
  if (!table.is_object() || !table.contains("devices") || !table["devices"].is_array()) {
    throw std::runtime_error("the device table is not {\"devices\": [...]}");
  }
  for (const nlohmann::json& device : table["devices"]) {
    if (!device.is_object() || !device.contains("gpu")) continue;  // the CPU backend's devices have no bounds
    const std::string where = "device '" + printable_line(device.value("name", std::string("?"))) + "': ";
    try {
      const nlohmann::json& gpu = device.at("gpu");
      DeviceProperties properties;
      properties.name = gpu.at("name").get<std::string>();
      properties.compute_capability = gpu.at("compute_capability").get<std::string>();
      properties.sm_count = gpu.at("sm_count").get<int>();
      properties.clock_mhz = gpu.at("clock_mhz").get<double>();
      properties.memory_clock_mhz = gpu.at("memory_clock_mhz").get<double>();
      properties.memory_bus_width_bits = gpu.at("memory_bus_width_bits").get<int>();
      if (!device_limits(properties).known) {
        throw std::runtime_error("its \"gpu\" lacks the " + device_limits(properties).missing);
      }
      if (!devices.gpus.emplace(properties.name, properties).second) {
        throw std::runtime_error("the GPU name '" + printable_line(properties.name) + "' is listed twice");
      }
    } catch (const nlohmann::json::exception& error) {
      throw std::runtime_error(where + "its \"gpu\" object needs name, compute_capability, sm_count, clock_mhz, "
                               "memory_clock_mhz and memory_bus_width_bits (" + error.what() + ")");
    } catch (const std::runtime_error& error) {
      throw std::runtime_error(where + error.what());
    }
  }
  return devices;
}

namespace {

// Who first showed each display name, so a later look-alike can be refused.
// Keyed by the name's confusable skeleton; a name's owner is the identity of
// its earliest record (ties by record id), which the skeleton of an account
// login is too: nobody may take the look of another's login.
struct NameOwner {
  std::string identity, name, account, created, record_id;
};

// Why `loaded` may not show its display name, or "" when it may.
std::string name_fault(const LoadedRecord& loaded, const std::map<std::string, NameOwner>& owners) {
  const Record& record = loaded.record;
  if (std::optional<std::string> character = invisible_character(record.author)) {
    return "its display name '" + printable_line(record.author) + "' holds " + *character +
           ", an invisible, bidirectional or tag character";
  }
  const std::string name = normalized_name(record.author);
  const std::string identity = identity_of(record.account, name);
  auto owner = owners.find(confusable_skeleton(name));
  if (owner == owners.end() || owner->second.identity == identity) return "";
  std::string character = confusable_character(name, owner->second.name);
  return "its display name '" + name + "' is confusable with '" + owner->second.name + "', the name of " +
         (owner->second.account.empty() ? std::string("another author") : "account " + owner->second.account) +
         (character.empty() ? std::string(" (the same letters)") : ": " + character + " looks like another letter");
}

std::map<std::string, NameOwner> name_owners(const std::vector<const LoadedRecord*>& records) {
  std::vector<const LoadedRecord*> by_date = records;
  std::sort(by_date.begin(), by_date.end(), [](const LoadedRecord* a, const LoadedRecord* b) {
    return std::tie(a->record.created, a->id) < std::tie(b->record.created, b->id);
  });
  std::map<std::string, NameOwner> owners;
  auto claim = [&](const std::string& shown, const LoadedRecord& loaded, const std::string& identity) {
    owners.try_emplace(confusable_skeleton(shown),
                       NameOwner{identity, shown, loaded.record.account, loaded.record.created, loaded.id});
  };
  for (const LoadedRecord* loaded : by_date) {
    if (invisible_character(loaded->record.author)) continue;
    const std::string name = normalized_name(loaded->record.author);
    const std::string identity = identity_of(loaded->record.account, name);
    if (!loaded->record.account.empty()) claim(loaded->record.account, *loaded, identity);
    claim(name, *loaded, identity);
  }
  return owners;
}

}  // namespace

Leaderboard build_leaderboard(const RecordFolder& folder, const ProblemFactsBySlug& problems,
                              const AllowList& allow, const std::string& generated, const DeviceTable& devices) {
  Leaderboard leaderboard;
  leaderboard.generated = generated;
  leaderboard.records_read = static_cast<int>(folder.records.size() + folder.skipped.size());
  leaderboard.skipped = folder.skipped;
  leaderboard.problems = problems;
  // Reasons quote record fields: kept printable and on one line wherever they go.
  auto skip = [&](const LoadedRecord& loaded, const std::string& reason) {
    leaderboard.skipped.push_back({loaded.file, printable_line(reason)});
  };

  // Records the rankings may use at all, before any name is compared.
  std::vector<const LoadedRecord*> usable;
  for (const LoadedRecord& loaded : folder.records) {
    const Record& record = loaded.record;
    if (problems.find(record.problem) == problems.end()) {
      skip(loaded, "problem '" + record.problem.substr(0, 80) + "' is not in the catalogue");
      continue;
    }
    if (!generated.empty() && record.created > generated) {
      skip(loaded, "it is dated " + record.created + ", after this build (" + generated + ")");
      continue;
    }
    if (record.timing == kTimingGpu && devices.given && !devices.gpus.count(record.device.name)) {
      skip(loaded, "its device '" + record.device.name.substr(0, 80) + "' is not a GPU of the device table");
      continue;
    }
    usable.push_back(&loaded);
  }
  const std::map<std::string, NameOwner> owners = name_owners(usable);

  std::map<BoardKey, std::vector<Candidate>> groups;
  std::set<std::string> device_names;
  std::map<std::pair<std::string, std::string>, CpuEmulatedRow> latest_cpu;  // (problem, path) -> newest

  for (const LoadedRecord* loaded_pointer : usable) {
    const LoadedRecord& loaded = *loaded_pointer;
    const Record& record = loaded.record;
    const auto facts = problems.find(record.problem);
    if (std::string fault = name_fault(loaded, owners); !fault.empty()) {
      skip(loaded, fault);
      continue;
    }
    if (record.timing == kTimingCpuEmulated) {
      CpuEmulatedRow row{record.problem,  facts->second.title, normalized_name(record.author), record.account,
                         record.dtype,    record.title,        record.solution_path,  record.verdict,
                         record.message,  record.device.cpu_model, record.created,    record.judge_version,
                         loaded.id,       record.geomean_ms,   record.output_fill};
      if (row.cpu_model.empty()) row.cpu_model = record.device.name;
      auto [it, inserted] = latest_cpu.try_emplace({record.problem, record.solution_path}, row);
      if (!inserted && std::tie(row.created, row.record_id) > std::tie(it->second.created, it->second.record_id)) {
        it->second = row;
      }
      continue;
    }
    device_names.insert(record.device.name);     // listed even when nothing on it is ranked
    if (record.verdict != "ACCEPTED") continue;  // only accepted solutions are ranked
    if (record.cases.empty()) {
      skip(loaded, "an ACCEPTED GPU record without benchmark timings");
      continue;
    }
    if (std::string fault = case_set_fault(record, facts->second); !fault.empty()) {
      skip(loaded, fault);
      continue;
    }
    // The bounds: the device table's for the device the record names (the
    // name was checked above), else what the record claims.
    const DeviceLimits limits = device_limits(devices.given ? devices.gpus.at(record.device.name) : record.device);
    Candidate candidate{make_entry(loaded, facts->second, facts->second.tier_cases.at(record.bench_tier)), limits};
    candidate.entry.flags = impossible_speed_flags(candidate.entry, candidate.limits, facts->second);
    if (!candidate.entry.flags.empty()) {
      candidate.entry.allowed = allow.allows(loaded);
      candidate.entry.suspicious = !candidate.entry.allowed;
    }
    groups[{record.problem, record.device.name, record.bench_tier, record.dtype}].push_back(std::move(candidate));
  }

  for (auto& [key, candidates] : groups) {
    leaderboard.boards.push_back(rank_board(key, candidates, problems.at(std::get<0>(key)), devices.given));
    device_names.insert(std::get<1>(key));
  }
  std::stable_sort(leaderboard.boards.begin(), leaderboard.boards.end(), [&](const Board& a, const Board& b) {
    const std::size_t a_dtype = dtype_position(problems.at(a.problem), a.dtype);
    const std::size_t b_dtype = dtype_position(problems.at(b.problem), b.dtype);
    return std::tie(a.problem, a.device, a.bench_tier, a_dtype, a.dtype) <
           std::tie(b.problem, b.device, b.bench_tier, b_dtype, b.dtype);
  });
  leaderboard.devices.assign(device_names.begin(), device_names.end());
  leaderboard.overall = overall_per_device(leaderboard.boards, problems);
  for (auto& [key, row] : latest_cpu) leaderboard.cpu_emulated.push_back(std::move(row));
  return leaderboard;
}

}  // namespace judge
