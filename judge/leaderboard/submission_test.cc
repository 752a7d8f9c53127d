#include "judge/leaderboard/submission.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

namespace judge {
namespace {

namespace fs = std::filesystem;

TEST(SubmissionHeader, ReadsAuthorAndTitleFromTheLeadingComments) {
  std::string error;
  auto header = parse_submission_header("// author: Ada Lovelace\n//   title:  tiled  \n\n#include <x>\n", error);
  ASSERT_TRUE(header) << error;
  EXPECT_EQ(header->author, "Ada Lovelace");
  EXPECT_EQ(header->title, "tiled");
}

TEST(SubmissionHeader, IgnoresLinesAfterTheFirstLineOfCode) {
  std::string error;
  EXPECT_FALSE(parse_submission_header("// author: A\n#include <x>\n// title: late\n", error));
  EXPECT_NE(error.find("no '// title: ...' line"), std::string::npos) << error;
}

TEST(SubmissionHeader, RefusesMissingEmptyDuplicateOrControlCharacters) {
  std::string error;
  EXPECT_FALSE(parse_submission_header("// title: t\n", error));
  EXPECT_NE(error.find("no '// author: ...' line"), std::string::npos) << error;
  EXPECT_FALSE(parse_submission_header("// author:\n// title: t\n", error));
  EXPECT_NE(error.find("'// author:' line is empty"), std::string::npos) << error;
  EXPECT_FALSE(parse_submission_header("// author: a\n// author: b\n// title: t\n", error));
  EXPECT_NE(error.find("two '// author:' lines"), std::string::npos) << error;
  EXPECT_FALSE(parse_submission_header("// author: a\x1b[2J\n// title: t\n", error));
  EXPECT_NE(error.find("control character"), std::string::npos) << error;
  EXPECT_FALSE(parse_submission_header("// author: " + std::string(65, 'a') + "\n// title: t\n", error));
  EXPECT_NE(error.find("at most 64"), std::string::npos) << error;
}

TEST(SubmissionHeader, RefusesInvalidUtf8InvisibleMarksAndWorkflowCommands) {
  std::string error;
  EXPECT_FALSE(parse_submission_header("// author: a\xff\n// title: t\n", error));
  EXPECT_NE(error.find("invalid UTF-8"), std::string::npos) << error;
  EXPECT_NE(error.find("a\\xff"), std::string::npos) << error;  // named only escaped
  EXPECT_FALSE(parse_submission_header("// author: a\n// title: evil\xe2\x80\xae\n", error));
  EXPECT_FALSE(parse_submission_header("// author: ::add-mask::x\n// title: t\n", error));
  auto header = parse_submission_header("// author: Zo\xc3\xab \xe6\x9d\x8e\n// title: a::b\n", error);
  ASSERT_TRUE(header) << error;  // printable Unicode and inner colons are fine
}

// Names are accounts' display names: a character that cannot be seen, that
// reorders text or that tags it is refused, and named.
TEST(SubmissionHeader, RefusesInvisibleBidiAndTagCharactersInTheAuthorNamingThem) {
  std::string error;
  EXPECT_FALSE(parse_submission_header("// author: Ada\xC2\xA0Lovelace\n// title: t\n", error));
  EXPECT_NE(error.find("U+00A0 NO-BREAK SPACE"), std::string::npos) << error;
  EXPECT_FALSE(parse_submission_header("// author: Ada Lovelace\xF3\xA0\x81\x81\n// title: t\n", error));
  EXPECT_NE(error.find("U+E0041 TAG LATIN CAPITAL LETTER A"), std::string::npos) << error;
  EXPECT_FALSE(parse_submission_header("// author: Ada\xD8\x9C Lovelace\n// title: t\n", error));
  EXPECT_NE(error.find("U+061C ARABIC LETTER MARK"), std::string::npos) << error;
}

TEST(SubmissionHeader, KeepsMarkupAsPlainText) {
  // Escaping is the renderers' job; the header keeps what the author wrote.
  std::string error;
  auto header = parse_submission_header("// author: <script>alert(1)</script>\n// title: a|b\n", error);
  ASSERT_TRUE(header) << error;
  EXPECT_EQ(header->author, "<script>alert(1)</script>");
}

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

TEST(ScanSubmissions, LeavesOutFixturesAndReportsMissingHeaders) {
  const fs::path root = fs::path(std::getenv("TEST_TMPDIR")) / "solutions";
  write(root / "p" / "expected.yaml", "default.cu: ACCEPTED\nwrong_x.cu: WRONG_ANSWER\nbroken_y.cu: COMPILE_ERROR\n");
  write(root / "p" / "default.cu", "// author: maintainers\n// title: baseline\n");
  write(root / "p" / "wrong_x.cu", "// no header needed\n");
  write(root / "p" / "broken_y.cu", "");
  write(root / "p" / "fast.cu", "// author: Ada\n// title: fast\nint x;\n");
  write(root / "p" / "anonymous.cu", "int x;\n");
  write(root / "q" / "mine.cu", "// author: Bob\n// title: only one\n");

  const SubmissionScan scan = scan_submissions(root);
  ASSERT_EQ(scan.submissions.size(), 3u);
  EXPECT_EQ(scan.submissions[0].path, "solutions/p/default.cu");
  EXPECT_TRUE(scan.submissions[0].baseline);
  EXPECT_EQ(scan.submissions[1].path, "solutions/p/fast.cu");
  EXPECT_EQ(scan.submissions[1].header.author, "Ada");
  EXPECT_FALSE(scan.submissions[1].baseline);
  EXPECT_EQ(scan.submissions[2].slug, "q");
  ASSERT_EQ(scan.problems.size(), 1u);
  EXPECT_EQ(scan.problems[0].path, "solutions/p/anonymous.cu");
  EXPECT_NE(scan.problems[0].message.find("author"), std::string::npos);
}

TEST(ScanSubmissions, ReportsAnUnreadableExpectedYaml) {
  const fs::path root = fs::path(std::getenv("TEST_TMPDIR")) / "bad_yaml";
  write(root / "p" / "expected.yaml", "[unclosed\n");
  write(root / "p" / "default.cu", "// author: a\n// title: b\n");
  const SubmissionScan scan = scan_submissions(root);
  EXPECT_TRUE(scan.submissions.empty());
  ASSERT_EQ(scan.problems.size(), 1u);
  EXPECT_EQ(scan.problems[0].path, "solutions/p/expected.yaml");
}

TEST(BaselinePath, IsTheProblemsDefault) {
  EXPECT_TRUE(is_baseline_path("p", "solutions/p/default.cu"));
  EXPECT_FALSE(is_baseline_path("p", "solutions/q/default.cu"));
  EXPECT_FALSE(is_baseline_path("p", "solutions/p/default.cu.bak"));
}

}  // namespace
}  // namespace judge
