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
  explicit Tokenizer(std::string_view source) : src_(source) {
    result_.files.push_back({"<input>", false});
    file_index_[{"<input>", false}] = 0;
  }

  TokenizedSource run() {
    bool line_start = true;
    while (pos_ < src_.size()) {
      char c = src_[pos_];
      if (c == '\n') {
        ++line_;
        ++pos_;
        line_start = true;
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
        ++pos_;
        continue;
      }
      if (line_start && c == '#') {
        directive();
        continue;
      }
      // Comments (raw sources have them; g++ -E output has none).
      if (c == '/' && pos_ + 1 < src_.size() && (src_[pos_ + 1] == '/' || src_[pos_ + 1] == '*')) {
        comment();
        continue;
      }
      line_start = false;
      size_t begin = pos_;
      int line = line_;
      TokenKind kind;
      if (is_identifier_start(c)) {
        while (pos_ < src_.size() && is_identifier_char(src_[pos_])) ++pos_;
        std::string_view word = src_.substr(begin, pos_ - begin);
        if (pos_ < src_.size() && (src_[pos_] == '"' || src_[pos_] == '\'') && is_string_prefix(word)) {
          if (word.back() == 'R' && src_[pos_] == '"') raw_string();
          else quoted(src_[pos_]);
          kind = TokenKind::literal;
        } else {
          kind = TokenKind::identifier;
        }
      } else if (std::isdigit(static_cast<unsigned char>(c)) ||
                 (c == '.' && pos_ + 1 < src_.size() && std::isdigit(static_cast<unsigned char>(src_[pos_ + 1])))) {
        number();
        kind = TokenKind::number;
      } else if (c == '"' || c == '\'') {
        quoted(c);
        kind = TokenKind::literal;
      } else {
        ++pos_;
        kind = TokenKind::punctuation;
      }
      result_.tokens.push_back({kind, begin, pos_, file_, line});
    }
    return std::move(result_);
  }

 private:
  void number() {
    ++pos_;
    while (pos_ < src_.size()) {
      char c = src_[pos_];
      if ((c == '+' || c == '-') && (src_[pos_ - 1] == 'e' || src_[pos_ - 1] == 'E' || src_[pos_ - 1] == 'p' ||
                                     src_[pos_ - 1] == 'P')) {
        ++pos_;
      } else if (is_identifier_char(c) || c == '.' ||
                 (c == '\'' && pos_ + 1 < src_.size() && is_identifier_char(src_[pos_ + 1]))) {
        ++pos_;
      } else {
        break;
      }
    }
  }

  // A `//` comment up to its line's end, or a `/* */` comment.
  void comment() {
    if (src_[pos_ + 1] == '/') {
      size_t end = src_.find('\n', pos_);
      pos_ = end == std::string_view::npos ? src_.size() : end;
      return;
    }
    size_t end = src_.find("*/", pos_ + 2);
    end = end == std::string_view::npos ? src_.size() : end + 2;
    for (size_t i = pos_; i < end; ++i) {
      if (src_[i] == '\n') ++line_;
    }
    pos_ = end;
  }

  void quoted(char quote) {
    ++pos_;
    while (pos_ < src_.size() && src_[pos_] != quote && src_[pos_] != '\n') {
      if (src_[pos_] == '\\') ++pos_;
      ++pos_;
    }
    if (pos_ < src_.size() && src_[pos_] == quote) ++pos_;
  }

  // R"delim( ... )delim". A delimiter is at most 16 characters; a longer
  // one is no raw string, read as an ordinary literal (this also bounds the
  // search for its end on hostile input).
  void raw_string() {
    size_t open = src_.substr(pos_ + 1, 17).find('(');
    if (open == std::string_view::npos) {
      quoted('"');
      return;
    }
    open += pos_ + 1;
    std::string terminator = ")" + std::string(src_.substr(pos_ + 1, open - pos_ - 1)) + "\"";
    size_t close = src_.find(terminator, open);
    size_t end = close == std::string_view::npos ? src_.size() : close + terminator.size();
    for (size_t i = pos_; i < end; ++i) {
      if (src_[i] == '\n') ++line_;
    }
    pos_ = end;
  }

  // `# 12 "file.cu" 1 3` (g++'s line marker) or `#line 12 "file.cu"`; other
  // directives (#pragma) are kept as one token.
  void directive() {
    size_t begin = pos_;
    size_t end = src_.find('\n', pos_);
    if (end == std::string_view::npos) end = src_.size();
    std::string_view text = src_.substr(begin, end - begin);
    pos_ = end;
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
        if (entering && !result_.files[file_].system) {
          result_.includes_from_user_code.push_back({name, file_, line_});
        }
        file_ = find_or_add(name, system);
      }
      line_ = number - 1;  // the marker names the line that follows it
      return;
    }
    result_.tokens.push_back({TokenKind::directive, begin, end, file_, line_});
  }

  int find_or_add(const std::string& name, bool system) {
    auto [at, added] = file_index_.try_emplace({name, system}, int(result_.files.size()));
    if (added) result_.files.push_back({name, system});
    return at->second;
  }

  std::string_view src_;
  size_t pos_ = 0;
  int line_ = 1;
  int file_ = 0;
  TokenizedSource result_;
  std::map<std::pair<std::string, bool>, int> file_index_;  // into result_.files
};

}  // namespace

TokenizedSource tokenize(std::string_view source) { return Tokenizer(source).run(); }

}  // namespace cucpu::compiler
