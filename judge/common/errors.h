// The two kinds of failure the judge reports to its user, besides its own
// bugs. main.cc maps each to an exit code, so every library throws one of
// these instead of printing and exiting.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

namespace judge {

// The command line is wrong: unknown command, flag, problem or case.
// Exit code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A problem's files or its compiled definition are wrong or disagree.
// Exit code 3. The message starts with "file:line: " when a line is known.
class ProblemError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "file:line: message" (line 0 means the whole file: "file: message").
std::string located(const std::filesystem::path& file, int line, const std::string& message);

}  // namespace judge
