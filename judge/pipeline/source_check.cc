#include "judge/pipeline/source_check.h"

#include <cctype>
#include <sstream>
#include <vector>

#include "judge/problem/scalar_type.h"

namespace judge {

namespace {

// Blanks out comments and string/char literals, keeping offsets and newlines.
std::string strip_comments_and_literals(const std::string& source, std::size_t& steps) {
  std::string out = source;
  steps += source.size();
  enum { Code, LineComment, BlockComment, String, Char } state = Code;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const char c = source[i];
    const char next = i + 1 < source.size() ? source[i + 1] : '\0';
    switch (state) {
      case Code:
        if (c == '/' && next == '/') state = LineComment, out[i] = ' ';
        else if (c == '/' && next == '*') state = BlockComment, out[i] = ' ';
        else if (c == '"') state = String;
        else if (c == '\'') state = Char;
        break;
      case LineComment:
        if (c == '\n') state = Code;
        else out[i] = ' ';
        break;
      case BlockComment:
        if (c == '*' && next == '/') state = Code, out[i] = out[i + 1] = ' ', ++i;
        else if (c != '\n') out[i] = ' ';
        break;
      case String:
      case Char:
        if (c == '\\') {
          out[i] = ' ';
          if (i + 1 < out.size() && source[i + 1] != '\n') out[i + 1] = ' ';
          ++i;
        }
        else if ((state == String && c == '"') || (state == Char && c == '\'')) state = Code;
        else if (c != '\n') out[i] = ' ';
        break;
    }
  }
  return out;
}

std::vector<std::string> tokenize(const std::string& text) {
  std::vector<std::string> tokens;
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (std::isspace(c)) {
      ++i;
    } else if (std::isalnum(c) || c == '_' || c == ':') {
      std::size_t j = i;
      while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_' || text[j] == ':')) ++j;
      tokens.push_back(text.substr(i, j - i));
      i = j;
    } else {
      tokens.push_back(std::string(1, text[i]));
      ++i;
    }
  }
  return tokens;
}

bool is_type_word(const std::string& token) {
  static const char* words[] = {"const", "volatile", "unsigned", "signed", "long", "short", "int", "char",
                                "float", "double", "void", "bool", "size_t", "std::size_t"};
  for (const char* w : words) {
    if (token == w) return true;
  }
  return token.find("_t") != std::string::npos && token.size() > 2 && token.substr(token.size() - 2) == "_t";
}

// For each '(' in `code`, the offset of its matching ')' (npos when it has
// none); one pass with a stack.
std::vector<std::size_t> matching_parentheses(const std::string& code, std::size_t& steps) {
  std::vector<std::size_t> closing(code.size(), std::string::npos);
  std::vector<std::size_t> open;
  for (std::size_t i = 0; i < code.size(); ++i) {
    if (code[i] == '(') {
      open.push_back(i);
    } else if (code[i] == ')' && !open.empty()) {
      closing[open.back()] = i;
      open.pop_back();
    }
  }
  steps += code.size();
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
  // `solution(` calls): strip, pair every parenthesis, then visit each
  // `solution` once.
  std::size_t steps = 0;
  const std::string code = strip_comments_and_literals(source, steps);
  const std::vector<std::size_t> closing = matching_parentheses(code, steps);
  auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  static const std::string kName = "solution";
  std::size_t searched_to = 0;
  for (std::size_t at = code.find(kName); at != std::string::npos; at = code.find(kName, at + 1)) {
    steps += at + kName.size() - searched_to;
    searched_to = at + kName.size();
    if (at > 0 && word_char(code[at - 1])) continue;
    std::size_t open = at + kName.size();
    while (open < code.size() && std::isspace(static_cast<unsigned char>(code[open]))) ++open, ++steps;
    if (open >= code.size() || code[open] != '(') continue;
    const std::size_t close = closing[open];
    if (close == std::string::npos) break;
    std::size_t after = close + 1;
    while (after < code.size() && std::isspace(static_cast<unsigned char>(code[after]))) ++after, ++steps;
    if (after >= code.size() || code[after] != '{') continue;  // a call or a declaration

    // Split the parameter list at top-level commas.
    std::vector<std::string> declarations;
    std::string current;
    int nesting = 0;
    for (std::size_t i = open + 1; i < close; ++i) {
      ++steps;
      const char c = code[i];
      if (c == '(' || c == '<' || c == '[') ++nesting;
      if (c == ')' || c == '>' || c == ']') --nesting;
      if (c == ',' && nesting == 0) {
        declarations.push_back(current);
        current.clear();
      } else {
        current += c;
      }
    }
    if (!tokenize(current).empty()) declarations.push_back(current);
    if (declarations.size() == 1 && canonical_c_type(declarations[0]) == "void") declarations.clear();

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
