// Reading a whole file the judge trusts (a problem's files, its own
// outputs) into a string. A file the user named but an attacker may have
// shaped goes through read_regular_file (regular_file.h) instead: no links,
// a size cap, one descriptor.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace judge {

// Thrown by read_file_text; what() is "cannot read PATH: REASON".
class FileReadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The bytes of `file`, unchanged (no newline translation). Throws
// FileReadError when it cannot be opened or read, or is a directory; an
// empty file gives "".
std::string read_file_text(const std::filesystem::path& file);

}  // namespace judge
