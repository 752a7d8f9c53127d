#include "judge/leaderboard/render.h"

#include <cmath>
#include <sstream>

#include "judge/common/printable.h"

namespace judge {

using json = nlohmann::json;

extern const char kLeaderboardPageTemplate[];  // page_template.html, embedded by the BUILD

namespace {

bool is_plain_solution_path(const std::string& path) {
  if (path.rfind("solutions/", 0) != 0 || path.size() > 300 || path.find("..") != std::string::npos) return false;
  int slashes = 0;
  for (unsigned char c : path) {
    if (c == '/') ++slashes;
    else if (!std::isalnum(c) && c != '-' && c != '_' && c != '.') return false;
  }
  return slashes == 2 && path.size() > 3 && path.compare(path.size() - 3, 3, ".cu") == 0;
}

std::string fixed(double value, int digits) {
  std::ostringstream text;
  text.setf(std::ios::fixed);
  text.precision(digits);
  text << value;
  return text.str();
}

// Significant digits for runtimes: 0.0123, 1.23, 123.
std::string milliseconds(double value) {
  std::ostringstream text;
  text.precision(3);
  text << value;
  return text.str();
}

// The fields that name a row's submission, the same in every section.
template <typename Row>
json submission_fields(const Row& row, const RenderOptions& options) {
  return {{"record", row.record_id},
          {"author", row.author},
          {"account", row.account},
          {"title", row.title},
          {"path", row.solution_path},
          {"source_url", source_url(row.solution_path, options)},
          {"created", row.created},
          {"judge_version", row.judge_version}};
}

json entry_json(const Entry& entry, const RenderOptions& options) {
  json cases = json::array();
  for (const CaseResult& c : entry.cases) cases.push_back({{"name", c.name}, {"median_ms", c.median_ms}, {"gflops", c.gflops}});
  json row = submission_fields(entry, options);
  row.update({{"rank", entry.rank == 0 ? json(nullptr) : json(entry.rank)},
              {"baseline", entry.baseline},
              {"suspicious", entry.suspicious},
              {"allowed", entry.allowed},
              {"flags", entry.flags},
              {"solution_hash", entry.solution_hash},
              {"geomean_ms", entry.geomean_ms},
              {"geomean_gflops", entry.geomean_gflops},
              {"speedup", entry.speedup == 0 ? json(nullptr) : json(entry.speedup)},
              {"cases", cases}});
  return row;
}

std::string date_of(const std::string& created) { return escape_markdown(created.substr(0, 10)); }

}  // namespace

std::string source_url(const std::string& solution_path, const RenderOptions& options) {
  if (!is_plain_solution_path(solution_path)) return "";
  return options.source_base + solution_path;
}

json leaderboard_json(const Leaderboard& leaderboard, const RenderOptions& options) {
  json boards = json::array();
  for (const Board& board : leaderboard.boards) {
    json entries = json::array();
    for (const Entry& entry : board.entries) entries.push_back(entry_json(entry, options));
    boards.push_back({{"problem", board.problem},
                      {"problem_title", board.problem_title},
                      {"device", board.device},
                      {"bench_tier", board.bench_tier},
                      {"dtype", board.dtype},
                      {"device_limits_source", board.limits_from_table ? "device table" : "records"},
                      {"cases", board.case_names},
                      {"device_limits",
                       board.limits.known
                           ? json{{"peak_gflops", board.limits.peak_gflops},
                                  {"bandwidth_gb_per_s", board.limits.bandwidth_gb_per_s}}
                           : json(nullptr)},
                      {"baseline_ms", board.baseline_ms == 0 ? json(nullptr) : json(board.baseline_ms)},
                      {"entries", entries}});
  }
  json overall = json::array();
  for (const DeviceOverall& device : leaderboard.overall) {
    json rows = json::array();
    for (const OverallRow& row : device.rows) {
      rows.push_back({{"rank", row.rank},
                      {"author", row.author},
                      {"account", row.account},
                      {"geomean_speedup", row.geomean_speedup},
                      {"problems_entered", row.problems_entered}});
    }
    overall.push_back({{"device", device.device}, {"problems", device.problems}, {"rows", rows}});
  }
  json cpu = json::array();
  for (const CpuEmulatedRow& row : leaderboard.cpu_emulated) {
    json cpu_row = submission_fields(row, options);
    cpu_row.update({{"problem", row.problem},
                    {"dtype", row.dtype},
                    {"problem_title", row.problem_title},
                    {"verdict", row.verdict},
                    {"message", row.message},
                    {"cpu_model", row.cpu_model},
                    {"emulated_geomean_ms", row.geomean_ms == 0 ? json(nullptr) : json(row.geomean_ms)}});
    cpu.push_back(cpu_row);
  }
  json skipped = json::array();
  for (const SkippedRecord& record : leaderboard.skipped) {
    skipped.push_back({{"file", record.file}, {"reason", record.reason}});
  }
  return {{"format", "judge-leaderboard"},
          {"schema_version", kLeaderboardSchemaVersion},
          {"generated", leaderboard.generated},
          {"records_read", leaderboard.records_read},
          {"devices", leaderboard.devices},
          {"boards", boards},
          {"overall", overall},
          {"cpu_emulated", cpu},
          {"skipped", skipped}};
}

namespace {

// Appends `c` as an HTML entity when it needs one (& < >, and in HTML also
// the quotes, for attributes); false when it needs none.
bool append_entity(std::string& out, char c, bool quotes) {
  switch (c) {
    case '&': out += "&amp;"; return true;
    case '<': out += "&lt;"; return true;
    case '>': out += "&gt;"; return true;
    case '"': if (quotes) out += "&quot;"; return quotes;
    case '\'': if (quotes) out += "&#39;"; return quotes;
    default: return false;
  }
}

}  // namespace

std::string escape_markdown(const std::string& hostile) {
  const std::string text = printable(hostile);
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (append_entity(out, c, false)) continue;
    switch (c) {
      case '\n':
      case '\r': out += ' '; break;
      case '\\': case '`': case '*': case '_': case '[': case ']': case '(': case ')':
      case '#': case '!': case '|': case '~':
        out += '\\';
        out += c;
        break;
      default: out += c;
    }
  }
  return out;
}

std::string escape_html(const std::string& hostile) {
  const std::string text = printable(hostile);
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (!append_entity(out, c, true)) out += c;
  }
  return out;
}

namespace {

// "Ada Lovelace (ada)": the display name, and the account it is ranked
// under when it has one (older leaderboard.json files have none).
std::string author_cell(const json& row) {
  const std::string account = row.value("account", std::string());
  return escape_markdown(row["author"].get<std::string>()) + (account.empty() ? "" : " (" + escape_markdown(account) + ")");
}

}  // namespace

std::string leaderboard_markdown(const json& leaderboard) {
  std::ostringstream md;
  md << "# Leaderboard\n\nGenerated " << escape_markdown(leaderboard["generated"].get<std::string>()) << " from "
     << leaderboard["records_read"].get<int>() << " record(s). Runtimes are medians in ms, the geometric mean over "
     << "the benchmark cases; speedup is over the problem's baseline (`default.cu`) on the same device.\n";
  for (const json& device : leaderboard["devices"]) {
    const std::string name = device.get<std::string>();
    md << "\n## " << escape_markdown(name) << "\n";
    for (const json& overall : leaderboard["overall"]) {
      if (overall["device"] != device) continue;
      md << "\n### Overall (geometric-mean speedup over " << overall["problems"].get<int>()
         << " problem(s); a problem not entered counts as 1.00x)\n\n| # | author | speedup | problems |\n|---|---|---|---|\n";
      for (const json& row : overall["rows"]) {
        md << "| " << row["rank"].get<int>() << " | " << author_cell(row) << " | "
           << fixed(row["geomean_speedup"].get<double>(), 2) << "x | " << row["problems_entered"].get<int>() << " |\n";
      }
    }
    for (const json& board : leaderboard["boards"]) {
      if (board["device"] != device) continue;
      md << "\n### " << escape_markdown(board["problem_title"].get<std::string>()) << " (`"
         << escape_markdown(board["problem"].get<std::string>()) << "`, " << escape_markdown(board.value("dtype", std::string("float32")))
         << ", " << escape_markdown(board["bench_tier"].get<std::string>()) << " tier)\n\n"
         << "| # | author | title | runtime (ms) | GFLOP/s | speedup |";
      for (const json& name : board["cases"]) md << " " << escape_markdown(name.get<std::string>()) << " (ms) |";
      md << " date | judge | flags |\n|---|---|---|---|---|---|";
      for (std::size_t i = 0; i < board["cases"].size(); ++i) md << "---|";
      md << "---|---|---|\n";
      for (const json& entry : board["entries"]) {
        const std::string title = escape_markdown(entry["title"].get<std::string>());
        const std::string url = entry["source_url"].get<std::string>();
        md << "| " << (entry["rank"].is_null() ? "—" : std::to_string(entry["rank"].get<int>())) << " | "
           << author_cell(entry) << (entry["baseline"].get<bool>() ? " (baseline)" : "")
           << " | " << (url.empty() ? title : "[" + title + "](" + url + ")") << " | "
           << milliseconds(entry["geomean_ms"].get<double>()) << " | " << fixed(entry["geomean_gflops"].get<double>(), 1)
           << " | " << (entry["speedup"].is_null() ? "—" : fixed(entry["speedup"].get<double>(), 2) + "x") << " |";
        for (const json& c : entry["cases"]) md << " " << milliseconds(c["median_ms"].get<double>()) << " |";
        std::string flags;
        if (entry["suspicious"].get<bool>()) flags = "**suspicious**: ";
        if (entry["allowed"].get<bool>()) flags = "allowed: ";
        for (const json& flag : entry["flags"]) flags += escape_markdown(flag.get<std::string>()) + "; ";
        md << " " << date_of(entry["created"].get<std::string>()) << " | "
           << escape_markdown(entry["judge_version"].get<std::string>().substr(0, 12)) << " | " << flags << " |\n";
      }
    }
  }
  md << "\n## CPU-emulated (correctness only, never ranked)\n\n"
     << "These records were judged on the CPU backend, which runs CUDA on the CPU; their times say nothing about a "
        "GPU.\n\n| problem | author | title | verdict | CPU | emulated runtime (ms) | date |\n|---|---|---|---|---|---|---|\n";
  for (const json& row : leaderboard["cpu_emulated"]) {
    const std::string title = escape_markdown(row["title"].get<std::string>());
    const std::string url = row["source_url"].get<std::string>();
    md << "| `" << escape_markdown(row["problem"].get<std::string>()) << "` | " << author_cell(row)
       << " | " << (url.empty() ? title : "[" + title + "](" + url + ")") << " | "
       << escape_markdown(row["verdict"].get<std::string>())
       << " | " << escape_markdown(row["cpu_model"].get<std::string>()) << " | "
       << (row["emulated_geomean_ms"].is_null() ? "—" : milliseconds(row["emulated_geomean_ms"].get<double>())) << " | "
       << date_of(row["created"].get<std::string>()) << " |\n";
  }
  if (!leaderboard["skipped"].empty()) {
    md << "\n## Skipped records\n\n";
    for (const json& skipped : leaderboard["skipped"]) {
      md << "- " << escape_markdown(skipped["file"].get<std::string>()) << ": "
         << escape_markdown(skipped["reason"].get<std::string>()) << "\n";
    }
  }
  return md.str();
}

std::string leaderboard_html(const json& leaderboard) {
  // ensure_ascii, then the three characters that could end the <script>
  // element or start markup as \u escapes: the block stays inert JSON.
  std::string data = leaderboard.dump(-1, ' ', true, json::error_handler_t::replace);
  std::string safe;
  safe.reserve(data.size());
  for (char c : data) {
    if (c == '<') safe += "\\u003c";
    else if (c == '>') safe += "\\u003e";
    else if (c == '&') safe += "\\u0026";
    else safe += c;
  }
  std::string page = kLeaderboardPageTemplate;
  const std::string marker = "__LEADERBOARD_DATA__";
  const std::size_t at = page.find(marker);
  if (at == std::string::npos) throw std::logic_error("page_template.html lacks " + marker);
  page.replace(at, marker.size(), safe);
  return page;
}

const std::vector<PublishedFormat>& published_formats() {
  static const std::vector<PublishedFormat> formats = {
      {"leaderboard.json", [](const json& leaderboard) { return leaderboard.dump(2) + "\n"; }},
      {"leaderboard.md", leaderboard_markdown},
      {"index.html", leaderboard_html},
  };
  return formats;
}

}  // namespace judge
