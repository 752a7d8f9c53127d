// A tokenizer for C++, preprocessed (g++ -E output) or not: identifiers,
// numbers, string and character literals (raw strings included), single
// punctuation characters and preprocessor lines; comments are skipped. Each token keeps its byte range in the
// source and the user's file and line from the line markers, so rewrites can
// copy text verbatim and errors can name the user's line.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cucpu::compiler {

enum class TokenKind { identifier, number, literal, punctuation, directive };

struct SourceFile {
  std::string name;     // as written in the line marker (still escaped)
  bool system = false;  // a system header (line-marker flag 3)
};

struct Token {
  TokenKind kind;
  size_t begin;  // byte offsets into the source
  size_t end;
  int file;      // index into TokenizedSource::files
  int line;
};

struct TokenizedSource {
  std::vector<Token> tokens;
  std::vector<SourceFile> files;
  // Includes seen in user code: the included path and the including place.
  struct Include {
    std::string path;
    int file;
    int line;
  };
  std::vector<Include> includes_from_user_code;
};

TokenizedSource tokenize(std::string_view source);

}  // namespace cucpu::compiler
