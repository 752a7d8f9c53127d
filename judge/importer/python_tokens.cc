#include "judge/importer/python_tokens.h"

#include <cctype>
#include <string>

namespace judge::importer {
namespace {

constexpr std::size_t kMaxSourceBytes = 1 << 20;
constexpr std::size_t kMaxNumberLength = 64;

// Python's string prefixes we accept before a quote: r, b, u, f and pairs.
bool is_string_prefix(const std::string& word) {
  if (word.empty() || word.size() > 2) return false;
  for (char c : word) {
    if (std::string("rRbBuUfF").find(c) == std::string::npos) return false;
  }
  return true;
}

class Tokenizer {
 public:
  explicit Tokenizer(const std::string& source) : m_source(source) {}

  std::vector<LogicalLine> run() {
    if (m_source.size() > kMaxSourceBytes) throw LiteralError(0, "the file is larger than 1 MiB");
    while (m_pos < m_source.size()) {
      if (m_at_line_start && m_depth == 0) {
        read_indentation();
        continue;
      }
      char c = m_source[m_pos];
      if (c == '\n') {
        ++m_line;
        ++m_pos;
        if (m_depth == 0) end_logical_line();
      } else if (c == '\\' && m_pos + 1 < m_source.size() && m_source[m_pos + 1] == '\n') {
        m_pos += 2;  // explicit line joining
        ++m_line;
      } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
        ++m_pos;
      } else if (c == '#') {
        while (m_pos < m_source.size() && m_source[m_pos] != '\n') ++m_pos;
      } else if (c == '"' || c == '\'') {
        read_string("");
      } else if (is_identifier_start(c)) {
        std::size_t start = m_pos;
        while (m_pos < m_source.size() && is_identifier_char(m_source[m_pos])) ++m_pos;
        std::string word = m_source.substr(start, m_pos - start);
        if (m_pos < m_source.size() && (m_source[m_pos] == '"' || m_source[m_pos] == '\'') && is_string_prefix(word)) {
          read_string(word);
        } else {
          push(Token::Kind::kName, word);
        }
      } else if (std::isdigit(static_cast<unsigned char>(c)) ||
                 (c == '.' && m_pos + 1 < m_source.size() && std::isdigit(static_cast<unsigned char>(m_source[m_pos + 1])))) {
        read_number();
      } else {
        read_operator();
      }
    }
    if (m_depth != 0) throw LiteralError(m_open_bracket_line, "a bracket opened here is never closed");
    end_logical_line();
    return std::move(m_lines);
  }

 private:
  void push(Token::Kind kind, std::string text) {
    if (m_current.tokens.empty()) {
      m_current.indent = m_indent;
      m_current.line = m_line;
    }
    m_current.tokens.push_back(Token{kind, std::move(text), m_line});
  }

  void end_logical_line() {
    if (!m_current.tokens.empty()) m_lines.push_back(std::move(m_current));
    m_current = LogicalLine{};
    m_at_line_start = true;
  }

  void read_indentation() {
    int columns = 0;
    while (m_pos < m_source.size() && (m_source[m_pos] == ' ' || m_source[m_pos] == '\t' || m_source[m_pos] == '\f')) {
      columns = m_source[m_pos] == '\t' ? (columns / 8 + 1) * 8 : columns + (m_source[m_pos] == ' ');
      ++m_pos;
    }
    m_indent = columns;
    m_at_line_start = false;
  }

  void read_string(const std::string& prefix) {
    const bool raw = prefix.find_first_of("rR") != std::string::npos;
    const bool formatted = prefix.find_first_of("fF") != std::string::npos;
    const int start_line = m_line;
    const char quote = m_source[m_pos];
    const bool triple = m_source.compare(m_pos, 3, std::string(3, quote)) == 0;
    m_pos += triple ? 3 : 1;
    std::string value;
    while (true) {
      if (m_pos >= m_source.size()) throw LiteralError(start_line, "a string starting here is never closed");
      char c = m_source[m_pos];
      if (triple ? m_source.compare(m_pos, 3, std::string(3, quote)) == 0 : c == quote) {
        m_pos += triple ? 3 : 1;
        break;
      }
      if (c == '\n') {
        if (!triple) throw LiteralError(start_line, "a string starting here is never closed on its line");
        ++m_line;
      }
      if (c == '\\' && m_pos + 1 < m_source.size()) {
        char next = m_source[m_pos + 1];
        m_pos += 2;
        if (next == '\n') {
          ++m_line;
          if (raw) value += "\\\n";
          continue;
        }
        if (raw || formatted) {  // an f-string keeps its escapes for its own reader
          value += '\\';
          value += next;
          continue;
        }
        switch (next) {
          case 'n': value += '\n'; break;
          case 't': value += '\t'; break;
          case 'r': value += '\r'; break;
          case '0': value += '\0'; break;
          case '\\': case '\'': case '"': value += next; break;
          default: value += '\\'; value += next; break;  // kept as written, like Python
        }
        continue;
      }
      value += c;
      ++m_pos;
    }
    push(formatted ? Token::Kind::kFString : Token::Kind::kString, value);
  }

  void read_number() {
    std::size_t start = m_pos;
    while (m_pos < m_source.size()) {
      char c = m_source[m_pos];
      bool exponent_sign = (c == '+' || c == '-') && m_pos > start &&
                           (m_source[m_pos - 1] == 'e' || m_source[m_pos - 1] == 'E') &&
                           m_source.compare(start, 2, "0x") != 0 && m_source.compare(start, 2, "0X") != 0;
      if (is_identifier_char(c) || c == '.' || exponent_sign) {
        ++m_pos;
      } else {
        break;
      }
    }
    if (m_pos - start > kMaxNumberLength) throw LiteralError(m_line, "a number longer than 64 characters");
    push(Token::Kind::kNumber, m_source.substr(start, m_pos - start));
  }

  void read_operator() {
    static const char* const kLong[] = {"**=", "//=", ">>=", "<<=", "...", "**", "//", "==", "!=", "<=", ">=", "->",
                                        ":=",  "+=",  "-=",  "*=",  "/=",  "%=", "&=", "|=", "^=", "<<", ">>", "@="};
    for (const char* op : kLong) {
      std::string text(op);
      if (m_source.compare(m_pos, text.size(), text) == 0) {
        m_pos += text.size();
        push(Token::Kind::kOp, text);
        return;
      }
    }
    char c = m_source[m_pos];
    if (std::string("()[]{},:;.=+-*/%<>&|^~@!").find(c) == std::string::npos) {
      throw LiteralError(m_line, std::string("unexpected character '") + (std::isprint(static_cast<unsigned char>(c)) ? std::string(1, c) : "\\x" + std::to_string(static_cast<unsigned char>(c))) + "'");
    }
    if (c == '(' || c == '[' || c == '{') {
      if (m_depth == 0) m_open_bracket_line = m_line;
      ++m_depth;
    } else if (c == ')' || c == ']' || c == '}') {
      if (m_depth == 0) throw LiteralError(m_line, std::string("'") + c + "' closes no bracket");
      --m_depth;
    }
    ++m_pos;
    push(Token::Kind::kOp, std::string(1, c));
  }

  const std::string& m_source;
  std::size_t m_pos = 0;
  int m_line = 1;
  int m_depth = 0;
  int m_open_bracket_line = 0;
  int m_indent = 0;
  bool m_at_line_start = true;
  LogicalLine m_current;
  std::vector<LogicalLine> m_lines;
};

}  // namespace

bool is_identifier_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool is_open(const Token& t) { return t.kind == Token::Kind::kOp && (t.text == "(" || t.text == "[" || t.text == "{"); }
bool is_close(const Token& t) { return t.kind == Token::Kind::kOp && (t.text == ")" || t.text == "]" || t.text == "}"); }
bool is_op(const Token& t, const char* op) { return t.kind == Token::Kind::kOp && t.text == op; }
bool is_name(const Token& t, const char* word) { return t.kind == Token::Kind::kName && t.text == word; }

std::vector<LogicalLine> tokenize_python(const std::string& source) { return Tokenizer(source).run(); }

std::size_t find_top_level(const std::vector<Token>& tokens, std::size_t begin, std::size_t end, const std::string& op) {
  int depth = 0;
  for (std::size_t i = begin; i < end; ++i) {
    if (depth == 0 && tokens[i].kind == Token::Kind::kOp && tokens[i].text == op) return i;
    if (is_open(tokens[i])) ++depth;
    if (is_close(tokens[i])) --depth;
  }
  return end;
}

}  // namespace judge::importer
