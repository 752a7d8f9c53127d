// The published forms escape everything that comes from a submission.
#include "judge/leaderboard/render.h"

#include <gtest/gtest.h>

#include <set>

namespace judge {
namespace {

Leaderboard hostile_leaderboard() {
  Leaderboard leaderboard;
  leaderboard.generated = "2026-11-23T00:00:00Z";
  leaderboard.devices = {"GPU <b>"};
  Board board;
  board.problem = "p";
  board.problem_title = "P";
  board.device = "GPU <b>";
  board.bench_tier = "full";
  board.case_names = {"c"};
  Entry entry;
  entry.rank = 1;
  entry.author = "<script>alert(1)</script>";
  entry.title = "x | y *z* </script><img src=x onerror=alert(2)>";
  entry.solution_path = "solutions/p/x.cu";
  entry.created = "2026-11-23T00:00:00Z";
  entry.judge_version = "`v`";
  entry.geomean_ms = 1;
  entry.cases = {{"c", 1, 1}};
  board.entries = {entry};
  entry.solution_path = "javascript:alert(3)";
  board.entries.push_back(entry);
  leaderboard.boards = {board};
  return leaderboard;
}

TEST(Render, HtmlEmbedsTheDataAsInertJson) {
  const nlohmann::json data = leaderboard_json(hostile_leaderboard(), {});
  const std::string page = leaderboard_html(data);
  EXPECT_EQ(page.find("<script>alert"), std::string::npos);
  EXPECT_EQ(page.find("</script><img"), std::string::npos);
  EXPECT_NE(page.find("\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"), std::string::npos);
  EXPECT_EQ(page.find("__LEADERBOARD_DATA__"), std::string::npos);
  // The embedded block parses back to the same data.
  const std::string open = "<script type=\"application/json\" id=\"leaderboard-data\">";
  const std::size_t begin = page.find(open) + open.size();
  const std::size_t end = page.find("</script>", begin);
  EXPECT_EQ(nlohmann::json::parse(page.substr(begin, end - begin)), data);
}

TEST(Render, OnlyPlainSolutionPathsBecomeLinks) {
  const nlohmann::json data = leaderboard_json(hostile_leaderboard(), {"https://example.org/blob/c0ffee/"});
  EXPECT_EQ(data["boards"][0]["entries"][0]["source_url"], "https://example.org/blob/c0ffee/solutions/p/x.cu");
  EXPECT_EQ(data["boards"][0]["entries"][1]["source_url"], "");
  EXPECT_EQ(source_url("solutions/../../etc/passwd.cu", {}), "");
  EXPECT_EQ(source_url("solutions/p/a b.cu", {}), "");
}

TEST(Render, MarkdownEscapesTableBreakingAndMarkupCharacters) {
  const std::string md = leaderboard_markdown(leaderboard_json(hostile_leaderboard(), {}));
  EXPECT_EQ(md.find("<script>"), std::string::npos);
  EXPECT_NE(md.find("&lt;script&gt;alert\\(1\\)&lt;/script&gt;"), std::string::npos) << md;
  EXPECT_NE(md.find("x \\| y \\*z\\*"), std::string::npos) << md;
  EXPECT_NE(md.find("GPU &lt;b&gt;"), std::string::npos) << md;
  EXPECT_NE(md.find("## CPU-emulated (correctness only, never ranked)"), std::string::npos);
}

TEST(Render, EveryPublishedFormatHasItsOwnFileAndRendersTheData) {
  const nlohmann::json data = leaderboard_json(hostile_leaderboard(), {});
  std::set<std::string> names;
  for (const PublishedFormat& format : published_formats()) {
    EXPECT_TRUE(names.insert(format.file_name).second) << format.file_name << " is listed twice";
    const std::string text = format.render(data);
    EXPECT_NE(text.find("2026-11-23T00:00:00Z"), std::string::npos) << format.file_name << " lacks the build time";
    if (std::string(format.file_name) == "leaderboard.json") EXPECT_EQ(nlohmann::json::parse(text), data);
  }
  EXPECT_EQ(names, (std::set<std::string>{"leaderboard.json", "leaderboard.md", "index.html"}));
}

TEST(Render, ControlBytesAreEscapedInMarkdownAndHtml) {
  EXPECT_EQ(escape_markdown("a\x1b[31mb"), "a\\\\x1b\\[31mb");
  EXPECT_EQ(escape_html("<\x1b]0;t\x07>"), "&lt;\\x1b]0;t\\x07&gt;");
}

}  // namespace
}  // namespace judge
