// A compile error at the user's file:line, as the rewriting passes report
// refusals.
#pragma once

#include <string>

#include "token_cursor.h"

namespace cucpu::compiler {

struct SourceError {
  std::string file;
  int line;
  std::string message;
};

// The error `message` at token i's file and line.
inline SourceError error_at(const TokenCursor& c, size_t i, std::string message) {
  const Token& t = c.token(i);
  return {c.parsed().files[t.file].name, t.line, std::move(message)};
}

// "file:line: error: message", the form compilers use.
inline std::string format_error(const SourceError& error) {
  return error.file + ":" + std::to_string(error.line) + ": error: " + error.message;
}

}  // namespace cucpu::compiler
