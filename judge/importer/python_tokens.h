// Python source split into tokens and logical lines, for reading def.py
// files as data (python_literal.h evaluates the literals). Strings are
// decoded, comments dropped, physical lines joined inside brackets and
// after a backslash. The source is hostile input: at most 1 MiB, and every
// malformed construct is a LiteralError naming its line.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace judge::importer {

struct Token {
  enum class Kind { kName, kNumber, kString, kFString, kOp };
  Kind kind;
  std::string text;  // a string's decoded value; an f-string's raw body
  int line;
};

// One logical line: a statement's tokens, with physical lines joined inside
// brackets and after a backslash; comments dropped.
struct LogicalLine {
  int indent = 0;  // columns of leading whitespace (a tab counts to the next multiple of 8)
  int line = 0;    // physical line of its first token
  std::vector<Token> tokens;
};

// Something that is not a readable literal, or bad syntax, at `line`.
class LiteralError : public std::runtime_error {
 public:
  LiteralError(int line, const std::string& message) : std::runtime_error(message), m_line(line) {}
  int line() const { return m_line; }

 private:
  int m_line;
};

// Throws LiteralError for an unterminated string or bracket, a stray
// character, or a file over 1 MiB.
std::vector<LogicalLine> tokenize_python(const std::string& source);

bool is_identifier_start(char c);
bool is_identifier_char(char c);
bool is_open(const Token& token);   // ( [ {
bool is_close(const Token& token);  // ) ] }
bool is_op(const Token& token, const char* op);
bool is_name(const Token& token, const char* word);

// Index of the first token in [begin, end) that is the operator `op` at
// bracket depth 0, or `end` when there is none.
std::size_t find_top_level(const std::vector<Token>& tokens, std::size_t begin, std::size_t end,
                           const std::string& op);

}  // namespace judge::importer
