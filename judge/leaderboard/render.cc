#include "judge/leaderboard/render.h"

#include <md4c-html.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
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
// source_commit is the commit source_url points at, "" when it points at
// the --source-base ref instead (the judged tree was not a clean commit).
template <typename Row>
json submission_fields(const Row& row, const RenderOptions& options) {
  const SourceLink link = source_link(row.solution_path, row.judge_version, options);
  return {{"record", row.record_id},
          {"author", row.author},
          {"account", row.account},
          {"title", row.title},
          {"path", row.solution_path},
          {"source_url", link.url},
          {"source_commit", link.commit},
          {"created", row.created},
          {"judge_version", row.judge_version},
          {"output_fill", row.output_fill}};
}

json entry_json(const Entry& entry, const RenderOptions& options) {
  json cases = json::array();
  for (const CaseResult& c : entry.cases) {
    cases.push_back({{"name", c.name},
                     {"median_ms", c.median_ms},
                     {"min_ms", c.min_ms},
                     {"max_ms", c.max_ms},
                     {"rse", c.rse},
                     {"runs", c.runs},
                     {"gflops", c.gflops}});
  }
  json row = submission_fields(entry, options);
  row.update({{"dtype", entry.dtype},
              {"rank", entry.rank == 0 ? json(nullptr) : json(entry.rank)},
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

// "2026-11-23 09:30 UTC" from "2026-11-23T09:30:00Z".
std::string date_of(const std::string& created) {
  if (created.size() < 16 || created[10] != 'T') return escape_markdown(created.substr(0, 10));
  return escape_markdown(created.substr(0, 10) + " " + created.substr(11, 5) + " UTC");
}

bool is_clean_commit(const std::string& version) {
  return version.size() == 40 &&
         std::all_of(version.begin(), version.end(), [](char c) { return std::isdigit(c) || (c >= 'a' && c <= 'f'); });
}

// Where "/blob/<ref>/" starts in a GitHub-style source base whose last part is
// the ref, or npos.
std::size_t blob_ref_at(const std::string& base) {
  const std::size_t at = base.rfind("/blob/");
  if (at == std::string::npos || base.empty() || base.back() != '/') return std::string::npos;
  const std::string ref = base.substr(at + 6, base.size() - at - 7);
  return ref.empty() || ref.find('/') != std::string::npos ? std::string::npos : at;
}

}  // namespace

SourceLink source_link(const std::string& solution_path, const std::string& judge_version,
                       const RenderOptions& options) {
  if (!is_plain_solution_path(solution_path)) return {};
  const std::size_t blob = blob_ref_at(options.source_base);
  if (blob != std::string::npos && is_clean_commit(judge_version)) {
    return {options.source_base.substr(0, blob + 6) + judge_version + "/" + solution_path, judge_version};
  }
  return {options.source_base + solution_path, ""};
}

std::string source_url(const std::string& solution_path, const RenderOptions& options) {
  return source_link(solution_path, "", options).url;
}

std::string repository_url(const RenderOptions& options) {
  const std::size_t blob = blob_ref_at(options.source_base);
  return blob == std::string::npos ? "" : options.source_base.substr(0, blob);
}

json leaderboard_json(const Leaderboard& leaderboard, const RenderOptions& options) {
  json boards = json::array();
  for (const Board& board : leaderboard.boards) {
    json entries = json::array();
    for (const Entry& entry : board.entries) entries.push_back(entry_json(entry, options));
    json case_facts = json::array();
    for (const CaseFacts& facts : board.case_facts) {
      case_facts.push_back({{"flops", facts.flops}, {"min_bytes", facts.min_bytes}});
    }
    // [created, author, geomean_ms, 1 for the baseline else 0]: arrays, as a
    // board's history holds every record, not one row per author.
    json history = json::array();
    for (const HistoryPoint& point : board.history) {
      history.push_back({point.created, point.author, point.geomean_ms, point.baseline ? 1 : 0});
    }
    boards.push_back({{"problem", board.problem},
                      {"problem_title", board.problem_title},
                      {"device", board.device},
                      {"bench_tier", board.bench_tier},
                      {"dtype", board.dtype},
                      {"device_limits_source", board.limits_from_table ? "device table" : "records"},
                      {"cases", board.case_names},
                      {"case_facts", case_facts},
                      {"history", history},
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
  json problems = json::array();
  for (const auto& [slug, facts] : leaderboard.problems) {
    problems.push_back({{"slug", slug},
                        {"title", facts.title},
                        {"difficulty", facts.difficulty},
                        {"tags", facts.tags},
                        {"dtypes", facts.dtypes},
                        {"statement", facts.statement}});
  }
  return {{"format", "judge-leaderboard"},
          {"schema_version", kLeaderboardSchemaVersion},
          {"generated", leaderboard.generated},
          {"records_read", leaderboard.records_read},
          {"repository_url", repository_url(options)},
          {"problems", problems},
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

// "Ada Lovelace (@ada)": the display name, and the GitHub account it is
// ranked under when it has one (older leaderboard.json files have none).
std::string author_cell(const json& row) {
  const std::string account = row.value("account", std::string());
  return escape_markdown(row["author"].get<std::string>()) + (account.empty() ? "" : " (@" + escape_markdown(account) + ")");
}

// A row judged with outputs filled otherwise than with zeros says so (older
// leaderboard.json files have no fill: zeros).
std::string fill_note(const json& row) {
  const std::string fill = row.value("output_fill", std::string("zeros"));
  return fill == "zeros" ? "" : "outputs filled with " + escape_markdown(fill) + " before each call (`--poison-outputs`)";
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
        if (!fill_note(entry).empty()) flags += fill_note(entry) + "; ";
        md << " " << date_of(entry["created"].get<std::string>()) << " | "
           << escape_markdown(short_version(entry["judge_version"].get<std::string>())) << " | " << flags << " |\n";
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
       << (fill_note(row).empty() ? "" : " (" + fill_note(row) + ")") << " | " << escape_markdown(row["cpu_model"].get<std::string>()) << " | "
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

std::string short_version(const std::string& judge_version) {
  const bool dirty = judge_version.size() == 46 && judge_version.compare(40, 6, "-dirty") == 0;
  if (is_clean_commit(judge_version.substr(0, 40)) && (judge_version.size() == 40 || dirty)) {
    return judge_version.substr(0, 7) + (dirty ? "-dirty" : "");
  }
  if (judge_version.rfind("binary-", 0) == 0) return "binary " + judge_version.substr(7, 7);
  return judge_version.substr(0, 12);
}

namespace {

void append_md4c_output(const MD_CHAR* text, MD_SIZE size, void* out) { static_cast<std::string*>(out)->append(text, size); }

// Drops every href/src that is not http(s) or an in-page anchor: a
// statement's link is never a javascript: URL.
std::string with_safe_links(const std::string& html) {
  std::string out;
  std::size_t at = 0;
  for (;;) {
    std::size_t attribute = std::string::npos;
    for (const char* name : {"href=\"", "src=\""}) attribute = std::min(attribute, html.find(name, at));
    if (attribute == std::string::npos) break;
    const std::size_t value = html.find('"', attribute) + 1;
    const std::size_t end = html.find('"', value);
    if (end == std::string::npos) break;
    const std::string url = html.substr(value, end - value);
    const bool safe = url.rfind("https://", 0) == 0 || url.rfind("http://", 0) == 0 || url.rfind('#', 0) == 0;
    out += html.substr(at, value - at);
    out += safe ? url : "#";
    at = end;
  }
  return out + html.substr(at);
}

}  // namespace

std::string statement_html(const std::string& markdown) {
  std::string html;
  const unsigned flags = MD_FLAG_NOHTML | MD_FLAG_TABLES | MD_FLAG_STRIKETHROUGH | MD_FLAG_LATEXMATHSPANS;
  if (md_html(markdown.data(), static_cast<MD_SIZE>(markdown.size()), append_md4c_output, &html, flags, 0) != 0) {
    return "<pre>" + escape_html(markdown) + "</pre>";  // md4c gives up only on memory exhaustion
  }
  return with_safe_links(html);
}

namespace {

// Fields of leaderboard.json the page never reads, and those whose value
// the page reads as absent (no account, outputs filled with zeros): left out
// of its copy, which holds them once per entry.
bool page_skips(const std::string& key, const json& value, bool in_problem) {
  return key == "path" || key == "solution_hash" || (in_problem && key == "statement") ||
         (key == "account" && value == "") || (key == "output_fill" && value == kOutputFillZeros);
}

// `text` as a JSON string of ASCII only, with `<`, `>` and `&` as \u
// escapes too. Plain ASCII (nearly every string) is escaped here; the rest
// goes through nlohmann's ensure_ascii dump (invalid UTF-8 replaced).
void append_inert_json_string(const std::string& text, std::string& out) {
  const bool ascii = std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  const std::string dumped = ascii ? std::string() : json(text).dump(-1, ' ', true, json::error_handler_t::replace);
  if (!ascii) {
    for (char c : dumped) {
      if (c == '<') out += "\\u003c";
      else if (c == '>') out += "\\u003e";
      else if (c == '&') out += "\\u0026";
      else out += c;
    }
    return;
  }
  out += '"';
  for (char c : text) {
    const unsigned char byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (byte < 0x20 || c == '<' || c == '>' || c == '&' || byte == 0x7f) {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\u%04x", byte);
      out += escape;
    } else {
      out += c;
    }
  }
  out += '"';
}

// The page's copy of the data, written in one pass without copying it:
// numbers at 6 significant digits (the page shows at most 4), and, as
// \u escapes, every non-ASCII character and the three that could end the
// <script> element or start markup, so the block stays inert JSON.
void write_page_json(const json& value, std::string& out, bool in_problem = false) {
  switch (value.type()) {
    case json::value_t::object: {
      out += '{';
      bool first = true;
      for (const auto& [key, member] : value.items()) {
        if (page_skips(key, member, in_problem)) continue;
        if (!first) out += ',';
        first = false;
        append_inert_json_string(key, out);
        out += ':';
        write_page_json(member, out, key == "problems");
      }
      out += '}';
      return;
    }
    case json::value_t::array: {
      out += '[';
      for (std::size_t i = 0; i < value.size(); ++i) {
        if (i) out += ',';
        write_page_json(value[i], out, in_problem);
      }
      out += ']';
      return;
    }
    case json::value_t::number_float: {
      const double number = value.get<double>();
      if (!std::isfinite(number)) {
        out += "null";
        return;
      }
      char text[32];
      std::snprintf(text, sizeof text, "%.6g", number);
      out += text;
      return;
    }
    case json::value_t::string:
      append_inert_json_string(value.get_ref<const std::string&>(), out);
      return;
    default:
      out += value.dump();
  }
}

}  // namespace

std::string leaderboard_html(const json& leaderboard) {
  // The statements go into the page as HTML (md4c's, raw HTML disabled), so
  // the embedded data leaves out their Markdown.
  std::string statements;
  for (const json& problem : leaderboard.value("problems", json::array())) {
    const std::string slug = problem["slug"].get<std::string>();
    statements += "<article class=\"statement\" id=\"statement-" + escape_html(slug) + "\" data-problem=\"" +
                  escape_html(slug) + "\" hidden>\n<h2>" + escape_html(problem["title"].get<std::string>()) +
                  "</h2>\n" + statement_html(problem["statement"].get<std::string>()) + "</article>\n";
  }
  std::string safe;
  write_page_json(leaderboard, safe);
  // Both markers are found in the template itself, never in what replaces them.
  const std::string page = kLeaderboardPageTemplate;
  const std::string statements_marker = "__PROBLEM_STATEMENTS__", data_marker = "__LEADERBOARD_DATA__";
  const std::size_t statements_at = page.find(statements_marker), data_at = page.find(data_marker);
  if (statements_at == std::string::npos || data_at == std::string::npos || data_at < statements_at) {
    throw std::logic_error("page_template.html lacks " + statements_marker + " before " + data_marker);
  }
  const std::size_t between = statements_at + statements_marker.size();
  return page.substr(0, statements_at) + statements + page.substr(between, data_at - between) + safe +
         page.substr(data_at + data_marker.size());
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
