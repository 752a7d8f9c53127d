// The published forms of a leaderboard: leaderboard.json (the data, schema
// versioned), leaderboard.md (for a README or a pull-request comment) and
// index.html (one self-contained page: inline CSS, JS and SVG, no network).
// Everything that comes from a submission (author, title, paths) is text to
// these printers: escaped for Markdown and HTML, set with textContent in
// the page's script.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "judge/leaderboard/ranking.h"

namespace judge {

struct RenderOptions {
  // Prefix of source links, e.g. "https://github.com/OWNER/REPO/blob/COMMIT/".
  // Empty: links are the repository-relative paths.
  std::string source_base;
};

// The link to a submission's source, or "" when its path is not a plain
// "solutions/<slug>/<file>.cu" (a path from a record is never trusted into
// an href otherwise).
std::string source_url(const std::string& solution_path, const RenderOptions& options);

// The link to the source exactly as judged: when the record's judge version
// is a clean commit (40 hex digits, no "-dirty": the judge ran in that
// commit's tree) and the source base is GitHub-style ".../blob/<ref>/", the
// ref is replaced by that commit and `commit` names it; otherwise the link
// is source_url's and `commit` is empty.
struct SourceLink {
  std::string url, commit;
};
SourceLink source_link(const std::string& solution_path, const std::string& judge_version,
                       const RenderOptions& options);

// The repository of a GitHub-style source base (what precedes "/blob/<ref>/"),
// or "".
std::string repository_url(const RenderOptions& options);

// A judge version as people read it: a commit's first 7 digits (and
// "-dirty"), "binary 1a2b3c4" for a binary's content hash.
std::string short_version(const std::string& judge_version);

// A problem statement's Markdown as HTML (md4c; raw HTML is not passed
// through, links other than http(s) and in-page anchors become "#", LaTeX
// stays as text in <x-equation>).
std::string statement_html(const std::string& markdown);

nlohmann::json leaderboard_json(const Leaderboard& leaderboard, const RenderOptions& options);

// Markdown from the JSON form (so both always agree).
std::string leaderboard_markdown(const nlohmann::json& leaderboard);

// The page: the template (page_template.html) with the problem statements
// as HTML and the JSON embedded as an inert <script type="application/json">
// block: numbers at 6 significant digits, without the statements' Markdown
// and the fields the page does not read (path, solution_hash).
std::string leaderboard_html(const nlohmann::json& leaderboard);

// One published file: its name in the output folder and how it is made
// from the JSON form.
struct PublishedFormat {
  const char* file_name;
  std::string (*render)(const nlohmann::json& leaderboard);
};

// Every file `judge leaderboard` writes, in the order it writes them. This
// table is the only list: the command, its help and `--list-outputs` (which
// the CI scripts read) go through it, so a new format is a renderer and a
// row here.
const std::vector<PublishedFormat>& published_formats();

// Text made safe for Markdown table cells / HTML text and attributes.
std::string escape_markdown(const std::string& text);
std::string escape_html(const std::string& text);

}  // namespace judge
