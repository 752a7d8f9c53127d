// See source_tokens.h.
#include "source_tokens.h"

#include <cctype>
#include <cstdlib>
#include <map>
#include <utility>

namespace cucpu::compiler {
namespace {

bool is_identifier_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$'; }
bool is_identifier_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; }

bool is_string_prefix(std::string_view word) {
  return word == "R" || word == "u8" || word == "u" || word == "U" || word == "L" || word == "u8R" ||
         word == "uR" || word == "UR" || word == "LR";
}

class Tokenizer {
 public:
  explicit Tokenizer(std::string_view source) : m_src(source) {
    m_result.files.push_back({"<input>", false});
    m_file_index[{"<input>", false}] = 0;
  }

  TokenizedSource run() {
    bool line_start = true;
    while (m_pos < m_src.size()) {
      char c = m_src[m_pos];
      if (c == '\n') {
        ++m_line;
        ++m_pos;
        line_start = true;
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
        ++m_pos;
        continue;
      }
      if (line_start && c == '#') {
        directive();
        continue;
      }
      // Comments (raw sources have them; g++ -E output has none).
      if (c == '/' && m_pos + 1 < m_src.size() && (m_src[m_pos + 1] == '/' || m_src[m_pos + 1] == '*')) {
        comment();
        continue;
      }
      line_start = false;
      size_t begin = m_pos;
      int line = m_line;
      TokenKind kind;
      if (is_identifier_start(c)) {
        while (m_pos < m_src.size() && is_identifier_char(m_src[m_pos])) ++m_pos;
        std::string_view word = m_src.substr(begin, m_pos - begin);
        if (m_pos < m_src.size() && (m_src[m_pos] == '"' || m_src[m_pos] == '\'') && is_string_prefix(word)) {
          if (word.back() == 'R' && m_src[m_pos] == '"') raw_string();
          else quoted(m_src[m_pos]);
          kind = TokenKind::literal;
        } else {
          kind = TokenKind::identifier;
        }
      } else if (std::isdigit(static_cast<unsigned char>(c)) ||
                 (c == '.' && m_pos + 1 < m_src.size() && std::isdigit(static_cast<unsigned char>(m_src[m_pos + 1])))) {
        number();
        kind = TokenKind::number;
      } else if (c == '"' || c == '\'') {
        quoted(c);
        kind = TokenKind::literal;
      } else {
        ++m_pos;
        kind = TokenKind::punctuation;
      }
      m_result.tokens.push_back({kind, begin, m_pos, m_file, line});
    }
    return std::move(m_result);
  }

 private:
  void number() {
    ++m_pos;
    while (m_pos < m_src.size()) {
      char c = m_src[m_pos];
      if ((c == '+' || c == '-') && (m_src[m_pos - 1] == 'e' || m_src[m_pos - 1] == 'E' || m_src[m_pos - 1] == 'p' ||
                                     m_src[m_pos - 1] == 'P')) {
        ++m_pos;
      } else if (is_identifier_char(c) || c == '.' ||
                 (c == '\'' && m_pos + 1 < m_src.size() && is_identifier_char(m_src[m_pos + 1]))) {
        ++m_pos;
      } else {
        break;
      }
    }
  }

  // A `//` comment up to its line's end, or a `/* */` comment.
  void comment() {
    if (m_src[m_pos + 1] == '/') {
      size_t end = m_src.find('\n', m_pos);
      m_pos = end == std::string_view::npos ? m_src.size() : end;
      return;
    }
    size_t end = m_src.find("*/", m_pos + 2);
    end = end == std::string_view::npos ? m_src.size() : end + 2;
    for (size_t i = m_pos; i < end; ++i) {
      if (m_src[i] == '\n') ++m_line;
    }
    m_pos = end;
  }

  void quoted(char quote) {
    ++m_pos;
    while (m_pos < m_src.size() && m_src[m_pos] != quote && m_src[m_pos] != '\n') {
      if (m_src[m_pos] == '\\') ++m_pos;
      ++m_pos;
    }
    if (m_pos < m_src.size() && m_src[m_pos] == quote) ++m_pos;
  }

  // R"delim( ... )delim". A delimiter is at most 16 characters; a longer
  // one is no raw string, read as an ordinary literal (this also bounds the
  // search for its end on hostile input).
  void raw_string() {
    size_t open = m_src.substr(m_pos + 1, 17).find('(');
    if (open == std::string_view::npos) {
      quoted('"');
      return;
    }
    open += m_pos + 1;
    std::string terminator = ")" + std::string(m_src.substr(m_pos + 1, open - m_pos - 1)) + "\"";
    size_t close = m_src.find(terminator, open);
    size_t end = close == std::string_view::npos ? m_src.size() : close + terminator.size();
    for (size_t i = m_pos; i < end; ++i) {
      if (m_src[i] == '\n') ++m_line;
    }
    m_pos = end;
  }

  // `# 12 "file.cu" 1 3` (g++'s line marker) or `#line 12 "file.cu"`; other
  // directives (#pragma) are kept as one token.
  void directive() {
    size_t begin = m_pos;
    size_t end = m_src.find('\n', m_pos);
    if (end == std::string_view::npos) end = m_src.size();
    std::string_view text = m_src.substr(begin, end - begin);
    m_pos = end;
    size_t i = 1;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    if (text.substr(i, 4) == "line") i += 4;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    if (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
      int number = std::atoi(std::string(text.substr(i)).c_str());
      size_t open = text.find('"', i);
      if (open != std::string_view::npos) {
        size_t close = open + 1;
        while (close < text.size() && text[close] != '"') {
          if (text[close] == '\\') ++close;
          ++close;
        }
        std::string name(text.substr(open + 1, close - open - 1));
        std::string_view flags = close < text.size() ? text.substr(close + 1) : std::string_view();
        bool entering = flags.find(" 1") != std::string_view::npos;
        bool system = flags.find(" 3") != std::string_view::npos;
        if (entering && !m_result.files[m_file].system) {
          m_result.includes_from_user_code.push_back({name, m_file, m_line});
        }
        m_file = find_or_add(name, system);
      }
      m_line = number - 1;  // the marker names the line that follows it
      return;
    }
    m_result.tokens.push_back({TokenKind::directive, begin, end, m_file, m_line});
  }

  int find_or_add(const std::string& name, bool system) {
    auto [at, added] = m_file_index.try_emplace({name, system}, int(m_result.files.size()));
    if (added) m_result.files.push_back({name, system});
    return at->second;
  }

  std::string_view m_src;
  size_t m_pos = 0;
  int m_line = 1;
  int m_file = 0;
  TokenizedSource m_result;
  std::map<std::pair<std::string, bool>, int> m_file_index;  // into m_result.files
};

}  // namespace

TokenizedSource tokenize(std::string_view source) { return Tokenizer(source).run(); }

}  // namespace cucpu::compiler
