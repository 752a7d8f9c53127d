// Unit tests of the token cursor and of applying edits.
#include "harness/cpu/compiler/token_cursor.h"

#include <gtest/gtest.h>

#include "harness/cpu/compiler/source_edits.h"
#include "harness/cpu/compiler/test_snippet.h"

namespace cucpu::compiler {
namespace {

TEST(TokenCursor, BracketsBothWays) {
  TestSnippet s("f(a[1], {b}) + g<int, h<2>>(x < y);");
  const TokenCursor& c = s.cursor();
  EXPECT_EQ(c.closing_bracket(s.find("(")), s.find(")"));
  EXPECT_EQ(c.closing_bracket(s.find("{")), s.find("}"));
  EXPECT_EQ(c.opening_bracket(s.find(")")), long(s.find("(")));
  // `<` that closes nothing inside parentheses is a less-than.
  EXPECT_EQ(c.opening_bracket(s.find(")", 1)), long(s.find("(", 1)));
  EXPECT_EQ(c.opening_bracket(s.find(">", 1)), long(s.find("<")));
  // Unclosed: the limit.
  TestSnippet open("f(a, (b)");
  EXPECT_EQ(open.cursor().closing_bracket(1), open.cursor().size());
  EXPECT_EQ(open.cursor().closing_bracket(1, 3), 3u);
}

TEST(TokenCursor, MembersTriplesAndSpelling) {
  TestSnippet s("a.b + c->d + ns::e + f; k<<<1, 2>>>();");
  const TokenCursor& c = s.cursor();
  EXPECT_TRUE(c.member_access(s.find("b")));
  EXPECT_TRUE(c.member_access(s.find("d")));
  EXPECT_TRUE(c.member_access(s.find("e")));
  EXPECT_FALSE(c.member_access(s.find("f")));
  EXPECT_TRUE(c.is_triple(s.find("<"), '<'));
  EXPECT_FALSE(c.is_triple(s.find("<", 1), '<'));
  EXPECT_EQ(c.spell(s.find("c"), s.find("f"), [&c](size_t i) { return c.word(i); }), "c->d + ns::e +");
}

TEST(TokenCursor, LineMarkersNameTheUserLine) {
  TestSnippet s("# 1 \"/usr/include/h.h\" 1 3\nint system;\n# 7 \"user.cu\" 2\nint user;\n");
  const TokenCursor& c = s.cursor();
  EXPECT_FALSE(c.user_code(s.find("system")));
  EXPECT_TRUE(c.user_code(s.find("user")));
  EXPECT_EQ(c.token(s.find("user")).line, 7);
}

TEST(SourceTokens, CommentsAreSkippedAndKeepLineNumbers) {
  TestSnippet s("a // b \"\n/* c\n d */ e '/' f\n#include <g>\n");
  const TokenCursor& c = s.cursor();
  ASSERT_EQ(c.size(), 5u);
  EXPECT_EQ(c.text(1), "e");
  EXPECT_EQ(c.token(1).line, 3);
  EXPECT_EQ(c.text(2), "'/'");
  EXPECT_TRUE(c.directive(4));
}

TEST(SourceEdits, AppliedOnceInSourceOrder) {
  std::string text = "int a = b;";
  // Given out of order; two insertions at one place keep their order.
  std::vector<Edit> edits = {{8, 9, "c"}, {0, 0, "/*1*/"}, {0, 0, "/*2*/"}, {4, 5, "x"}};
  EXPECT_EQ(apply_edits(text, edits), "/*1*//*2*/int x = c;");
}

}  // namespace
}  // namespace cucpu::compiler
