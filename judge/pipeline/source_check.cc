#include "judge/pipeline/source_check.h"

#include <cctype>
#include <sstream>
#include <string_view>
#include <vector>

#include "harness/cpu/compiler/source_tokens.h"
#include "harness/cpu/compiler/token_cursor.h"
#include "judge/problem/scalar_type.h"

namespace judge {

namespace {

using cucpu::compiler::TokenCursor;
using cucpu::compiler::TokenizedSource;

// The words of a declaration: the shared C++ tokenizer's tokens (comments
// skipped), with `::`-qualified names joined into one word ("std::size_t").
std::vector<std::string> tokenize(const std::string& text) {
  TokenizedSource parsed = cucpu::compiler::tokenize(text);
  TokenCursor c(text, parsed);
  std::vector<std::string> words;
  for (std::size_t i = 0; i < c.size(); ++i) {
    bool qualifier = c.is(i, ":") && c.is(i + 1, ":") && c.adjacent(i, i + 1);
    bool after_qualifier = !words.empty() && words.back().size() >= 2 &&
                           words.back().compare(words.back().size() - 2, 2, "::") == 0;
    bool joins = !words.empty() && i > 0 && c.adjacent(i - 1, i) && (qualifier || (c.identifier(i) && after_qualifier));
    if (qualifier) {
      if (joins) words.back() += "::";
      else words.push_back("::");
      ++i;
    } else if (joins) {
      words.back() += c.word(i);
    } else {
      words.push_back(c.word(i));
    }
  }
  return words;
}

bool is_type_word(const std::string& token) {
  static const char* words[] = {"const", "volatile", "unsigned", "signed", "long", "short", "int", "char",
                                "float", "double", "void", "bool", "size_t", "std::size_t"};
  for (const char* w : words) {
    if (token == w) return true;
  }
  return token.find("_t") != std::string::npos && token.size() > 2 && token.substr(token.size() - 2) == "_t";
}

// For each `(` token, the index of its matching `)` (npos when it has
// none); one pass with a stack.
std::vector<std::size_t> matching_parentheses(const TokenCursor& c) {
  std::vector<std::size_t> closing(c.size(), std::string::npos);
  std::vector<std::size_t> open;
  for (std::size_t i = 0; i < c.size(); ++i) {
    if (c.is(i, "(")) {
      open.push_back(i);
    } else if (c.is(i, ")") && !open.empty()) {
      closing[open.back()] = i;
      open.pop_back();
    }
  }
  return closing;
}

std::size_t line_of(const std::string& text, std::size_t offset) {
  std::size_t line = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) line += text[i] == '\n';
  return line;
}

}  // namespace

std::string canonical_c_type(const std::string& declaration) {
  std::vector<std::string> tokens;
  for (const std::string& t : tokenize(declaration)) {
    if (t == "__restrict__" || t == "__restrict" || t == "restrict" || t == "volatile" || t == "struct") continue;
    tokens.push_back(t);
  }
  // Split into the pointee part and pointer levels; each level may carry
  // `const` after the star (top-level const does not change the ABI).
  int pointer_levels = 0;
  bool pointee_const = false;
  std::vector<std::string> base;
  for (const std::string& t : tokens) {
    if (t == "*") ++pointer_levels;
    else if (t == "const") pointee_const = pointee_const || pointer_levels == 0;
    else if (t == "&") pointer_levels += 100;  // references never match a C ABI
    else base.push_back(t);
  }
  std::string base_type;
  for (const std::string& t : base) base_type += (base_type.empty() ? "" : " ") + t;
  // Every spelling of a scalar type becomes the canonical one of the type
  // the ABI sees (scalar_type.h: "unsigned long", "uint64_t" -> "size_t");
  // anything else (void, a struct) is compared as written.
  if (const std::optional<ScalarType> scalar = parse_c_type_name(base_type)) base_type = c_name(abi_type(*scalar));
  std::string result;
  if (pointer_levels > 0 && pointee_const) result = "const ";
  result += base_type;
  for (int i = 0; i < pointer_levels; ++i) result += "*";
  return result;
}

std::optional<std::string> check_solution_signature(const std::string& source,
                                                    const std::vector<ExpectedParameter>& expected,
                                                    std::size_t* cost) {
  std::ostringstream prototype;
  prototype << "extern \"C\" void solution(";
  for (std::size_t i = 0; i < expected.size(); ++i) {
    prototype << (i ? ", " : "") << expected[i].c_type << " "
              << expected[i].name;
  }
  prototype << ")";

  // One pass each, so the scan stays linear in the source's size whatever
  // it holds (deeply nested or unclosed parentheses, thousands of
  // `solution(` calls): tokenize (comments and literals become no tokens to
  // look at), pair every parenthesis, then visit each `solution` once.
  const TokenizedSource parsed = cucpu::compiler::tokenize(source);
  const TokenCursor c(source, parsed);
  const std::vector<std::size_t> closing = matching_parentheses(c);
  std::size_t steps = source.size() + 2 * c.size();
  for (std::size_t at = 0; at < c.size(); ++at) {
    if (!c.identifier(at) || c.text(at) != "solution" || !c.is(at + 1, "(")) continue;
    const std::size_t close = closing[at + 1];
    if (close == std::string::npos) break;
    if (!c.is(close + 1, "{")) continue;  // a call or a declaration

    // Split the parameter list at top-level commas; each declaration is
    // its source text.
    std::vector<std::string> declarations;
    std::size_t first = at + 2;
    int nesting = 0;
    for (std::size_t i = at + 2; i <= close; ++i) {
      ++steps;
      std::string_view t = c.text(i);
      if (t == "(" || t == "<" || t == "[") ++nesting;
      if ((t == ")" && i != close) || t == ">" || t == "]") --nesting;
      if ((t == "," && nesting == 0) || i == close) {
        if (i > first) {
          declarations.emplace_back(source.substr(c.token(first).begin, c.token(i - 1).end - c.token(first).begin));
          steps += declarations.back().size();
        } else if (t == ",") {
          declarations.emplace_back();
        }
        first = i + 1;
      }
    }
    if (declarations.size() == 1 && canonical_c_type(declarations[0]) == "void") declarations.clear();

    const std::size_t open = c.token(at + 1).begin;
    const std::size_t line = line_of(source, open);
    steps += open;
    if (cost) *cost = steps;
    std::ostringstream where;
    where << "line " << line << ": ";
    if (declarations.size() != expected.size()) {
      return where.str() + "solution takes " + std::to_string(declarations.size()) + " parameters, but the problem's " +
             "signature has " + std::to_string(expected.size()) + ":\n    " + prototype.str();
    }
    for (std::size_t i = 0; i < declarations.size(); ++i) {
      std::vector<std::string> tokens = tokenize(declarations[i]);
      std::string name;
      // The last identifier is the parameter's name unless it is a type word.
      if (tokens.size() >= 2 && !is_type_word(tokens.back()) &&
          (std::isalpha(static_cast<unsigned char>(tokens.back()[0])) || tokens.back()[0] == '_')) {
        name = tokens.back();
        tokens.pop_back();
      }
      std::string type_text;
      for (const std::string& t : tokens) type_text += t + " ";
      const std::string actual = canonical_c_type(type_text);
      const std::string wanted = canonical_c_type(expected[i].c_type);
      if (actual != wanted) {
        return where.str() + "parameter " + std::to_string(i + 1) + " ('" + (name.empty() ? "unnamed" : name) +
               "') is declared '" + actual + "', but the problem declares '" + wanted + " " + expected[i].name +
               "':\n    " + prototype.str();
      }
    }
    return std::nullopt;
  }
  if (cost) *cost = steps;
  return "no definition of `solution` found; the problem expects:\n    " + prototype.str() + " { ... }";
}

}  // namespace judge
