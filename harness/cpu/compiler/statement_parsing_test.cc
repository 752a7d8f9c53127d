// Unit tests of the statement syntax the splitter reads.
#include "harness/cpu/compiler/statement_parsing.h"

#include <gtest/gtest.h>

#include <vector>

#include "harness/cpu/compiler/test_snippet.h"

namespace cucpu::compiler {
namespace {

TEST(StatementParsing, StatementEnds) {
  TestSnippet s("if (a) { b(); } else c(); for (;;) d(); do { e(); } while (f); x = {1, 2}; y;");
  const TokenCursor& c = s.cursor();
  size_t end = c.size();
  EXPECT_EQ(statement_end(c, s.find("if"), end), s.find("for"));
  EXPECT_EQ(statement_end(c, s.find("for"), end), s.find("do"));
  EXPECT_EQ(statement_end(c, s.find("do"), end), s.find("x"));
  EXPECT_EQ(statement_end(c, s.find("x"), end), s.find("y"));
}

TEST(StatementParsing, APragmaBelongsToTheNextStatement) {
  TestSnippet s("\n#pragma unroll\nfor (int i = 0; i < 4; ++i) a[i] = 0;\nb = 1;");
  EXPECT_EQ(statement_end(s.cursor(), 0, s.cursor().size()), s.find("b"));
}

TEST(StatementParsing, DeclarationsAndTheirDeclarators) {
  TestSnippet s("const float a = x == y, b, c = f(1, 2);");
  Declaration d{};
  ASSERT_TRUE(parse_declaration(s.cursor(), 0, s.cursor().size(), &d));
  ASSERT_EQ(d.declarators.size(), 3u);
  EXPECT_EQ(s.cursor().text(d.declarators[1].name), "b");
  EXPECT_FALSE(d.declarators[1].has_initializer);
  EXPECT_EQ(d.declarators[0].init_end, s.find(","));  // `x == y` is one initialiser
  EXPECT_EQ(d.type_end, s.find("a"));
  EXPECT_TRUE(d.plain);
}

TEST(StatementParsing, WhatIsNotAPlainDeclaration) {
  for (const char* text : {"auto a = 1;", "int& r = x;", "static int s = 0;", "int v[2] = {1, 2};",
                           "int a, *b;"}) {
    TestSnippet s(text);
    Declaration d{};
    ASSERT_TRUE(parse_declaration(s.cursor(), 0, s.cursor().size(), &d)) << text;
    EXPECT_FALSE(d.plain) << text;
  }
  for (const char* text : {"x = 1;", "f(a, b);", "return a;", "a[i] = b;"}) {
    TestSnippet s(text);
    Declaration d{};
    EXPECT_FALSE(parse_declaration(s.cursor(), 0, s.cursor().size(), &d)) << text;
  }
}

TEST(StatementParsing, WritesToAName) {
  TestSnippet s("{ x = 1; y[2] = 3; ++z; w += 1; *p = 4; q->f = 5; s.m = 6; f(&a); u == v; }");
  const TokenCursor& c = s.cursor();
  size_t end = c.size() - 1;
  EXPECT_TRUE(modified(c, "x", 0, end));
  EXPECT_FALSE(modified(c, "y", 0, end));  // an element
  EXPECT_TRUE(modified(c, "z", 0, end));
  EXPECT_TRUE(modified(c, "w", 0, end));
  EXPECT_FALSE(modified(c, "p", 0, end));  // the pointee
  EXPECT_FALSE(modified(c, "q", 0, end));
  EXPECT_TRUE(modified(c, "s", 0, end));   // part of a by-value struct
  EXPECT_TRUE(modified(c, "a", 0, end));   // its address
  EXPECT_FALSE(modified(c, "u", 0, end));
  EXPECT_TRUE(address_taken(c, "a", 0, end));
  EXPECT_FALSE(address_taken(c, "x", 0, end));
}

TEST(StatementParsing, UnaryStarsAndAmpersands) {
  // Each `*` and `&`, in order: unary (a dereference or an address) or not.
  TestSnippet s("*p + a * b - c[1] * 2 + (d) & e + &f + (g && h) + x *= 3; return *q; size_t{n} * m; "
                "if (y) { z(); } *r = 1; else { } *s = 2;");
  const TokenCursor& c = s.cursor();
  std::vector<bool> unary;
  for (size_t i = 0; i < c.size(); ++i) {
    if (c.is(i, "*") || (c.is(i, "&") && !(c.is(i - 1, "&") && c.adjacent(i - 1, i)))) {
      unary.push_back(unary_operator(c, 0, i));
    }
  }
  EXPECT_EQ(unary, (std::vector<bool>{true, false, false, false, true, false, false, true, false, true, true}));
}

TEST(StatementParsing, NamesThatMayBeDeclared) {
  TestSnippet s("{ float* p = q; T& r = s; size_t l = b * kBlock; m = (b + 1) * kTile; n = 2 * kTwo; "
                "o = v[1] * kThree; decltype(x) * dp; int (*fp)(int); x = y & kMask; "
                "for (; p < kStage * kFour; ) {} ok = a == kFive * kSix && c != kSeven * kEight; }");
  std::set<std::string> names = declared_names(s.cursor(), 0, s.cursor().size());
  for (const char* declared : {"p", "r", "l", "dp", "fp"}) EXPECT_TRUE(names.count(declared)) << declared;
  // Products and masks, whatever their spacing, declare nothing.
  for (const char* used : {"kBlock", "kTile", "kTwo", "kThree", "kMask", "q", "s", "kFour", "kSix", "kEight"}) {
    EXPECT_FALSE(names.count(used)) << used;
  }
}

TEST(StatementParsing, StrayJumps) {
  TestSnippet nested("for (;;) { break; } while (a) continue; switch (b) { case 1: break; }");
  EXPECT_FALSE(stray_jump(nested.cursor(), 0, nested.cursor().size()));
  TestSnippet stray("if (a) break;");
  EXPECT_TRUE(stray_jump(stray.cursor(), 0, stray.cursor().size()));
}

}  // namespace
}  // namespace cucpu::compiler
