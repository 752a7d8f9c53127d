// The published forms escape everything that comes from a submission.
#include "judge/leaderboard/render.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace judge {
namespace {

nlohmann::json embedded_data(const std::string& page) {
  const std::string open = "<script type=\"application/json\" id=\"leaderboard-data\">";
  const std::size_t begin = page.find(open) + open.size();
  const std::size_t end = page.find("</script>", begin);
  return nlohmann::json::parse(page.substr(begin, end - begin));
}

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
  entry.cases = {{"c", 1, 1, 0.9, 1.1, 0.01, 10}};
  entry.geomean_gflops = 1.2345678901;
  board.entries = {entry};
  entry.geomean_gflops = 1;
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
  EXPECT_EQ(page.find("__PROBLEM_STATEMENTS__"), std::string::npos);
  // The embedded block parses back to the same data, less what the page
  // does not read, numbers to 6 significant digits.
  nlohmann::json expected = data;
  for (nlohmann::json& entry : expected["boards"][0]["entries"]) {
    entry.erase("path");
    entry.erase("solution_hash");
    entry.erase("account");      // empty: the page reads it as absent
    entry.erase("output_fill");  // zeros: likewise
  }
  expected["boards"][0]["entries"][0]["geomean_gflops"] = 1.23457;
  EXPECT_EQ(embedded_data(page), expected);
}

TEST(Render, PageDataKeepsEveryCharacterAsAsciiEscapes) {
  Leaderboard leaderboard = hostile_leaderboard();
  const std::string author = "Zo\xc3\xab \"q\" \\ \x01\x7f <&> \xe2\x9c\x93";
  leaderboard.boards[0].entries[0].author = author;
  const std::string page = leaderboard_html(leaderboard_json(leaderboard, {}));
  const nlohmann::json embedded = embedded_data(page);
  EXPECT_EQ(embedded["boards"][0]["entries"][0]["author"], author);
  const std::string block = page.substr(page.find("id=\"leaderboard-data\">"));
  EXPECT_TRUE(std::all_of(block.begin(), block.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }));
}

TEST(Render, StatementsAreHtmlInThePageAndLeftOutOfItsData) {
  Leaderboard leaderboard = hostile_leaderboard();
  ProblemFacts& facts = leaderboard.problems["p"];
  facts.title = "P <i>";
  facts.statement = "Sum $a_i$.\n\n## Input\n\n<script>alert(5)</script>\n\n[x](javascript:alert(6)) [y](https://e.org/)\n";
  const nlohmann::json data = leaderboard_json(leaderboard, {});
  EXPECT_EQ(data["problems"][0]["statement"], facts.statement);  // leaderboard.json keeps the Markdown
  const std::string page = leaderboard_html(data);
  EXPECT_NE(page.find("<article class=\"statement\" id=\"statement-p\" data-problem=\"p\" hidden>\n<h2>P &lt;i&gt;</h2>"),
            std::string::npos);
  EXPECT_NE(page.find("<h2>Input</h2>"), std::string::npos);
  EXPECT_NE(page.find("<x-equation>a_i</x-equation>"), std::string::npos);
  EXPECT_EQ(page.find("<script>alert(5)"), std::string::npos);
  EXPECT_NE(page.find("&lt;script&gt;alert(5)"), std::string::npos);
  EXPECT_NE(page.find("<a href=\"#\">x</a>"), std::string::npos);
  EXPECT_NE(page.find("<a href=\"https://e.org/\">y</a>"), std::string::npos);
  EXPECT_EQ(page.find("Sum $a_i$"), std::string::npos) << "the Markdown is not embedded twice";
}

TEST(Render, SourceLinksPointAtTheJudgedCommitWhenTheTreeWasClean) {
  const RenderOptions github{"https://github.com/o/r/blob/main/"};
  const std::string commit = "0123456789abcdef0123456789abcdef01234567";
  const SourceLink clean = source_link("solutions/p/x.cu", commit, github);
  EXPECT_EQ(clean.url, "https://github.com/o/r/blob/" + commit + "/solutions/p/x.cu");
  EXPECT_EQ(clean.commit, commit);
  for (const std::string& version : {commit + "-dirty", std::string("binary-96006a1b"), std::string("")}) {
    const SourceLink branch = source_link("solutions/p/x.cu", version, github);
    EXPECT_EQ(branch.url, "https://github.com/o/r/blob/main/solutions/p/x.cu") << version;
    EXPECT_EQ(branch.commit, "") << version;
  }
  // A base that is not ".../blob/<ref>/" is used as given.
  EXPECT_EQ(source_link("solutions/p/x.cu", commit, {"https://example.org/src/"}).url,
            "https://example.org/src/solutions/p/x.cu");
  EXPECT_EQ(repository_url(github), "https://github.com/o/r");
  EXPECT_EQ(repository_url({"https://example.org/src/"}), "");
  EXPECT_EQ(short_version(commit), "0123456");
  EXPECT_EQ(short_version(commit + "-dirty"), "0123456-dirty");
  EXPECT_EQ(short_version("binary-96006a1b2c3d"), "binary 96006a1");
}

TEST(Render, BoardsCarryCaseFactsAndHistory) {
  Leaderboard leaderboard = hostile_leaderboard();
  leaderboard.boards[0].case_facts = {{2e9, 3e8}};
  leaderboard.boards[0].history = {{"2026-11-20T00:00:00Z", "a", 2.5, true}, {"2026-11-21T00:00:00Z", "b", 1.5, false}};
  leaderboard.boards[0].entries[0].cases[0] = {"c", 1, 2, 0.9, 1.2, 0.01, 30};
  const nlohmann::json board = leaderboard_json(leaderboard, {})["boards"][0];
  EXPECT_EQ(board["case_facts"], nlohmann::json::parse(R"([{"flops": 2e9, "min_bytes": 3e8}])"));
  EXPECT_EQ(board["history"], nlohmann::json::parse(R"([["2026-11-20T00:00:00Z", "a", 2.5, 1], ["2026-11-21T00:00:00Z", "b", 1.5, 0]])"));
  EXPECT_EQ(board["entries"][0]["cases"][0],
            nlohmann::json::parse(R"({"name": "c", "median_ms": 1, "min_ms": 0.9, "max_ms": 1.2, "rse": 0.01, "runs": 30, "gflops": 2})"));
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
  EXPECT_NE(md.find("| 2026-11-23 00:00 UTC |"), std::string::npos) << "dates have their time";
}

// An entry judged with --poison-outputs says so in leaderboard.json (which
// the page reads) and in its Markdown row; one judged with zeros says nothing.
TEST(Render, AnEntryJudgedWithPoisonedOutputsSaysSo) {
  Leaderboard leaderboard = hostile_leaderboard();
  leaderboard.boards[0].entries[1].output_fill = kOutputFillPoison;
  const nlohmann::json data = leaderboard_json(leaderboard, {});
  EXPECT_EQ(data["boards"][0]["entries"][0]["output_fill"], "zeros");
  EXPECT_EQ(data["boards"][0]["entries"][1]["output_fill"], "poison");
  const nlohmann::json embedded = embedded_data(leaderboard_html(data));
  EXPECT_FALSE(embedded["boards"][0]["entries"][0].contains("output_fill"));  // the page reads absent as zeros
  EXPECT_EQ(embedded["boards"][0]["entries"][1]["output_fill"], "poison");
  const std::string md = leaderboard_markdown(data);
  const std::size_t note = md.find("outputs filled with poison before each call (`--poison-outputs`)");
  ASSERT_NE(note, std::string::npos) << md;
  EXPECT_EQ(md.find("outputs filled with", note + 1), std::string::npos) << "only the poisoned entry says so:\n" << md;
  const std::size_t line = md.rfind('\n', note);
  EXPECT_EQ(md.substr(line, note - line).find("(solutions/p/x.cu)"), std::string::npos)
      << "the note is on the first entry's row, not the second's:\n" << md;
}

// The GitHub account an entry is ranked under is shown beside its display
// name, where the record carries one.
TEST(Render, MarkdownShowsTheAccountBesideTheName) {
  Leaderboard leaderboard = hostile_leaderboard();
  leaderboard.boards[0].entries[0].author = "Ada Lovelace";
  leaderboard.boards[0].entries[0].account = "ada";
  const nlohmann::json data = leaderboard_json(leaderboard, {});
  EXPECT_EQ(data["boards"][0]["entries"][0]["account"], "ada");
  EXPECT_EQ(data["boards"][0]["entries"][1]["account"], "");
  const nlohmann::json embedded = embedded_data(leaderboard_html(data));
  EXPECT_EQ(embedded["boards"][0]["entries"][0]["account"], "ada");
  EXPECT_FALSE(embedded["boards"][0]["entries"][1].contains("account"));  // the page reads absent as none
  const std::string md = leaderboard_markdown(data);
  EXPECT_NE(md.find("| 1 | Ada Lovelace (@ada) |"), std::string::npos) << md;
  EXPECT_NE(md.find("| 1 | &lt;script&gt;alert\\(1\\)&lt;/script&gt; |"), std::string::npos) << "no account, no parentheses:\n" << md;
}

TEST(Render, EveryPublishedFormatHasItsOwnFileAndRendersTheData) {
  const nlohmann::json data = leaderboard_json(hostile_leaderboard(), {});
  std::set<std::string> names;
  for (const PublishedFormat& format : published_formats()) {
    EXPECT_TRUE(names.insert(format.file_name).second) << format.file_name << " is listed twice";
    const std::string text = format.render(data);
    EXPECT_NE(text.find("2026-11-23T00:00:00Z"), std::string::npos) << format.file_name << " lacks the build time";
    if (std::string(format.file_name) == "leaderboard.json") {
      EXPECT_EQ(nlohmann::json::parse(text), data);
    }
  }
  EXPECT_EQ(names, (std::set<std::string>{"leaderboard.json", "leaderboard.md", "index.html"}));
}

TEST(Render, ControlBytesAreEscapedInMarkdownAndHtml) {
  EXPECT_EQ(escape_markdown("a\x1b[31mb"), "a\\\\x1b\\[31mb");
  EXPECT_EQ(escape_html("<\x1b]0;t\x07>"), "&lt;\\x1b]0;t\\x07&gt;");
}

}  // namespace
}  // namespace judge
