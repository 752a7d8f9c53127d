// A problem's statement.md: YAML front matter (slug, title, difficulty,
// author, tags, parameters) between `---` lines, then the Markdown text.
//
// `parameters` may use every type of scalar_type.h, as pointers (tensors)
// or by value; `[VAR]` is the problem's dtype, one of `dtypes` (default
// float32), as in Tensara.
//
// Parsing is strict because the front matter is the C ABI the solution is
// compiled against: every mistake is a ProblemError "file:line: what is
// wrong", with the line counted in the whole file.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "judge/problem/signature.h"

namespace judge {

struct Statement {
  std::filesystem::path file;  // as given to the parser, for messages
  std::string slug;
  std::string title;
  std::string difficulty;  // "EASY", "MEDIUM", "HARD"; empty if not given
  std::string author;      // empty if not given
  std::vector<std::string> tags;
  // [VAR] parameters hold the default dtype, dtypes.front(); see
  // Signature::with_dtype for the others.
  Signature signature;
  // The dtypes `[VAR]` may take (front matter `dtypes: [float32, float16]`),
  // the default first; {float32} when the field is absent.
  std::vector<ScalarType> dtypes;
  std::string body;   // the Markdown after the closing `---`
  int body_line = 0;  // file line where `body` starts
};

// Parses `text`, the contents of `file` (used only in messages).
// Throws ProblemError.
Statement parse_statement(const std::string& text, const std::filesystem::path& file);

// Reads and parses `file`. Throws ProblemError (also when it cannot be read).
Statement load_statement(const std::filesystem::path& file);

// True for a C identifier of at most limits::kMaxIdentifierLength
// characters that is not a C or C++ keyword.
bool is_valid_identifier(const std::string& name);

// Tensara's slug rule: lowercase letters and digits, joined by single '-' or
// '_' ("leaky-relu", "matmul_4d"), at most limits::kMaxSlugLength characters.
bool is_valid_slug(const std::string& slug);

}  // namespace judge
