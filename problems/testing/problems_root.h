// Where the problem folders are when a test or tool runs under Bazel: the
// runfiles tree's problems/ (TEST_SRCDIR for tests, RUNFILES_DIR for
// `bazel run`), or an explicit directory.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace problems::testing {

inline std::filesystem::path runfiles_problems_dir() {
  for (const char* variable : {"TEST_SRCDIR", "RUNFILES_DIR"}) {
    if (const char* root = std::getenv(variable)) {
      const std::filesystem::path dir = std::filesystem::path(root) / "judge" / "problems";
      if (std::filesystem::is_directory(dir)) return dir;
    }
  }
  throw std::runtime_error(
      "cannot find problems/ in the runfiles (neither TEST_SRCDIR nor RUNFILES_DIR holds "
      "judge/problems); run under Bazel or pass the directory explicitly");
}

}  // namespace problems::testing
