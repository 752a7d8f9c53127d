#include "judge/cli/terminal_text.h"

#include <gtest/gtest.h>

namespace judge {
namespace {

TEST(TerminalSafe, DropsControlCharactersKeepsText) {
  EXPECT_EQ(terminal_safe("a\x1b[2Jb\x07\x7f" "c"), "a[2Jbc");  // ESC, BEL, DEL gone
  EXPECT_EQ(terminal_safe("x\xc2\x9b" "31m"), "x31m");           // C1 CSI (U+009B) gone
  EXPECT_EQ(terminal_safe("\xce\xb1 \xe2\x89\xa4 \xc2\xa0."), "\xce\xb1 \xe2\x89\xa4 \xc2\xa0.");  // alpha, <=, nbsp kept
  EXPECT_EQ(terminal_safe("bad \xff byte, cut \xe2\x89"), "bad ? byte, cut ??");
  EXPECT_EQ(terminal_safe("a\tb\r\nc"), "a  bc");
  EXPECT_EQ(terminal_safe("a\r\nc", true), "a\nc");
  EXPECT_EQ(display_width("\xce\xb1\xce\xb2x"), 3u);
}

TEST(RenderMarkdown, HeadingsListsAndStrong) {
  EXPECT_EQ(render_markdown("# Title\n## Input:\n### Small\ntext **bold** $x^2$\n"),
            "Title\n=====\nInput:\n------\nSmall\n~~~~~\ntext bold $x^2$\n");
  // An item's continuation line is aligned with its text; a blank line ends the item.
  EXPECT_EQ(render_markdown("- first line\n  second line\n\n  indented paragraph\n"),
            "  * first line\n    second line\n\n  indented paragraph\n");
  EXPECT_EQ(render_markdown("- one\n* two\n  - nested\n1. first\n12. twelfth\n"),
            "  * one\n  * two\n    * nested\n  1. first\n  12. twelfth\n");
  EXPECT_EQ(render_markdown("#hashtag is text\n"), "#hashtag is text\n");
}

TEST(RenderMarkdown, TablesAreAligned) {
  EXPECT_EQ(render_markdown("| name | type |\n|---|:---:|\n| `x` | float |\n| alpha \\| beta | \xce\xb1 |\n"),
            "  name         | type\n"
            "  -------------+------\n"
            "  `x`          | float\n"
            "  alpha | beta | \xce\xb1\n");
  // A ragged row gets empty cells; text after the table is untouched.
  EXPECT_EQ(render_markdown("|a|b|\n|c|\nafter\n"), "  a | b\n  c |\nafter\n");
}

TEST(RenderMarkdown, CodeAndMathStayAsWritten) {
  EXPECT_EQ(render_markdown("```c\n# not a heading\n| not | table |\n```\nx\n"),
            "    # not a heading\n    | not | table |\nx\n");
  EXPECT_EQ(render_markdown("$$\n- a_{ij} **x**\n$$\n$$ y $$\n"), "    $$\n    - a_{ij} **x**\n    $$\n    $$ y $$\n");
}

TEST(RenderMarkdown, NoControlCharacterSurvives) {
  const std::string rendered = render_markdown("# T\x1b]0;owned\x07itle\n| a\x1b[31m | b |\n- \x9b" "x \xc2\x85y\n");
  for (unsigned char c : rendered) EXPECT_TRUE(c == '\n' || c >= 0x20) << int(c);
  EXPECT_EQ(rendered.find('\x1b'), std::string::npos);
  EXPECT_EQ(rendered.find("\xc2\x85"), std::string::npos);
}

}  // namespace
}  // namespace judge
