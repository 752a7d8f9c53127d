#include "judge/importer/python_literal.h"

#include <gtest/gtest.h>

#include <utility>

namespace judge::importer {
namespace {

// Evaluates the right-hand side of the first line of `source`, `x = <expr>`.
PyValue eval(const std::string& source, const Environment& environment = {}) {
  std::vector<LogicalLine> lines = tokenize_python(source);
  EXPECT_FALSE(lines.empty());
  const std::vector<Token>& tokens = lines.at(0).tokens;
  std::size_t equals = find_top_level(tokens, 0, tokens.size(), "=");
  return evaluate_literal(tokens, equals + 1, tokens.size(), environment);
}

std::string str(const std::string& source) { return python_str(eval(source)); }

// The line and message of the LiteralError `source` raises.
std::pair<int, std::string> error_of(const std::string& source) {
  try {
    eval(source);
  } catch (const LiteralError& error) {
    return {error.line(), error.what()};
  }
  ADD_FAILURE() << "no LiteralError for: " << source;
  return {0, ""};
}

TEST(PythonLiteral, NumbersAndArithmetic) {
  EXPECT_EQ(eval("x = 2**20").integer, 1 << 20);
  EXPECT_EQ(eval("x = 1024*1024").integer, 1 << 20);
  EXPECT_EQ(eval("x = 1_000_000").integer, 1000000);
  EXPECT_EQ(eval("x = 0x10 + 0o10 + 0b10").integer, 26);
  EXPECT_EQ(eval("x = -3 // 2").integer, -2);  // Python floors
  EXPECT_EQ(eval("x = 7 % -3").integer, -2);
  EXPECT_EQ(eval("x = -2**2").integer, -4);    // ** binds tighter than unary minus
  EXPECT_EQ(eval("x = 2**3**2").integer, 512);  // right-associative
  EXPECT_EQ(eval("x = (1 + 2) * 3").integer, 9);
  EXPECT_DOUBLE_EQ(eval("x = 1e-5").real, 1e-5);
  EXPECT_DOUBLE_EQ(eval("x = 3 / 2").real, 1.5);
  EXPECT_DOUBLE_EQ(eval("x = 2**-1").real, 0.5);
  EXPECT_EQ(eval("x = 1.5").kind, PyValue::Kind::kFloat);
  EXPECT_EQ(eval("x = len([1, 2, 3]) + max(4, 9, 2)").integer, 12);
  EXPECT_EQ(eval("x = int(7.9)").integer, 7);
}

TEST(PythonLiteral, Containers) {
  EXPECT_EQ(str("x = [(\"4096x4096\", 4096, 4096), ('n', 2**10)]"), "[('4096x4096', 4096, 4096), ('n', 1024)]");
  EXPECT_EQ(str("x = {\"name\": 'a', \"dims\": (1,), 'ok': True, 'none': None}"),
            "{'name': 'a', 'dims': (1,), 'ok': True, 'none': None}");
  EXPECT_EQ(eval("x = (5)").kind, PyValue::Kind::kInt);    // parentheses, not a tuple
  EXPECT_EQ(eval("x = (5,)").kind, PyValue::Kind::kTuple);
  EXPECT_EQ(eval("x = 1, 2").items.size(), 2u);            // a bare tuple
  EXPECT_EQ(eval("x = ()").items.size(), 0u);
  EXPECT_EQ(str("x = {'a': {'b': [1, 2]}}['a']['b'][-1]"), "2");
  EXPECT_EQ(str("x = 'ab' 'cd' + \"e\\n\""), "abcde\n");
  EXPECT_EQ(str("x = r'a\\n'"), "a\\n");
}

TEST(PythonLiteral, NamesComeOnlyFromTheEnvironment) {
  Environment environment = {{"m", PyValue::of_int(8)}, {"alpha", PyValue::of_float(0.01)}};
  EXPECT_EQ(eval("x = m * 2", environment).integer, 16);
  EXPECT_EQ(python_str(eval("x = f\"{m}x{m}, alpha={alpha} {{literal}}\"", environment)), "8x8, alpha=0.01 {literal}");
  EXPECT_EQ(error_of("x = undefined_name").second, "'undefined_name' is not a literal (a name whose value is not known)");
}

// Each literal as written, then as Python's str() prints it.
TEST(PythonLiteral, FloatsPrintLikePython) {
  const std::pair<const char*, const char*> kPrinted[] = {
      {"0.01", "0.01"},  {"1e-05", "1e-05"}, {"2.0", "2.0"},       {"100000.0", "100000.0"},
      {"1e16", "1e+16"}, {"6e-5", "6e-05"},  {"0.0001", "0.0001"}, {"-2.5", "-2.5"},
  };
  for (const auto& [written, printed] : kPrinted) EXPECT_EQ(str(std::string("x = ") + written), printed) << written;
}

TEST(PythonLiteral, WhatIsNotALiteralIsAnErrorWithItsLine) {
  EXPECT_EQ(error_of("x = [\n  1,\n  torch.rand(3),\n]"), std::make_pair(3, std::string("an attribute ('torch.rand') is not a literal")));
  EXPECT_EQ(error_of("x = [2**k for k in range(3)]"), std::make_pair(1, std::string("a comprehension is not a literal")));
  EXPECT_EQ(error_of("x = make(3)").second, "a call ('make(...)') is not a literal");
  EXPECT_EQ(error_of("x = lambda: 3").second, "'lambda' is not a literal");
  EXPECT_EQ(error_of("x = 1 if True else 2").second, "a conditional expression is not a literal");
  EXPECT_EQ(error_of("x = 2**64").second, "integer overflow in '**' (beyond 64 bits)");
  EXPECT_EQ(error_of("x = 10**100").second, "integer overflow in '**' (beyond 64 bits)");
  EXPECT_EQ(error_of("x = 9223372036854775807 + 1").second, "integer overflow in '+' (beyond 64 bits)");
  EXPECT_EQ(error_of("x = 1 // 0").second, "division by zero");
  EXPECT_EQ(error_of("x = 1 << 4").second, "operator '<<' is not read (only + - * / // % **)");
  EXPECT_EQ(error_of("x = {1, 2}").second, "a set is not read (only dicts {key: value})");
  EXPECT_EQ(error_of("x = [1, 2][5]").second, "index 5 is out of range");
  EXPECT_EQ(error_of("x = 'a' * 3").second, "'*' on 'a' and 3 is not read (only numbers)");
  EXPECT_EQ(error_of("x = -(" + std::string(100, '(') + "1" + std::string(101, ')')).second, "nested more than 64 deep");
  // 1 ** huge is computed by squaring, not a huge loop.
  EXPECT_EQ(eval("x = 1 ** 9223372036854775807").integer, 1);
}

TEST(PythonTokens, LogicalLinesIndentationAndComments) {
  std::vector<LogicalLine> lines = tokenize_python(
      "class A:\n"
      "    # a comment line\n"
      "    sizes = [  # joined lines\n"
      "        (1, 2),\n"
      "    ]\n"
      "\n"
      "    def f(self):\n"
      "        \"\"\"A docstring\n"
      "        over lines.\"\"\"\n"
      "        return x + \\\n"
      "            y\n");
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0].indent, 0);
  EXPECT_EQ(lines[1].indent, 4);
  EXPECT_EQ(lines[1].line, 3);
  EXPECT_EQ(lines[1].tokens.size(), 10u);  // sizes = [ ( 1 , 2 ) , ]
  EXPECT_EQ(lines[2].line, 7);
  EXPECT_EQ(lines[3].tokens[0].kind, Token::Kind::kString);
  EXPECT_EQ(lines[4].line, 10);
  EXPECT_EQ(lines[4].tokens.size(), 4u);  // return x + y
  EXPECT_EQ(lines[4].tokens[3].line, 11);
}

TEST(PythonTokens, BrokenSourceNamesTheLine) {
  auto line_of = [](const std::string& source) {
    try {
      tokenize_python(source);
    } catch (const LiteralError& error) {
      return error.line();
    }
    return -1;
  };
  EXPECT_EQ(line_of("a = 1\nb = 'never closed\n"), 2);
  EXPECT_EQ(line_of("a = 1\nb = \"\"\"never\nclosed\n"), 2);
  EXPECT_EQ(line_of("a = 1\n\nb = [1,\n 2\n"), 3);
  EXPECT_EQ(line_of("a = 1)\n"), 1);
  EXPECT_EQ(line_of("a = $\n"), 1);
  EXPECT_EQ(line_of(std::string(2 << 20, ' ')), 0);  // over 1 MiB
}

TEST(PythonTargets, UnpacksNestedTargets) {
  std::vector<LogicalLine> lines = tokenize_python("for name, (m, n) in x:\n");
  const std::vector<Token>& tokens = lines[0].tokens;
  Environment environment;
  bind_targets(tokens, 1, 8, eval("x = ('a', (2, 3))"), environment);
  EXPECT_EQ(environment.at("name").text, "a");
  EXPECT_EQ(environment.at("m").integer, 2);
  EXPECT_EQ(environment.at("n").integer, 3);
  EXPECT_THROW(bind_targets(tokens, 1, 8, eval("x = ('a', 2)"), environment), LiteralError);
}

}  // namespace
}  // namespace judge::importer
