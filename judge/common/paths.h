// Where the judge finds its data files and the user's files.
//
// Data (problems/<slug>/statement.md, cases.yaml) travels as Bazel runfiles of
// the judge binary; user paths (--out, a solution file) are relative to the
// directory the user typed the command in, which `bazel run` hides by
// changing into the runfiles tree and exporting BUILD_WORKING_DIRECTORY.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace judge {

// The runfiles directory of this workspace ("<runfiles>/judge"), looked up in
// order from RUNFILES_DIR (bazel run / a binary called by a test),
// TEST_SRCDIR (bazel test), then "<argv0>.runfiles" and
// "/proc/self/exe.runfiles". nullopt when none of them exists.
std::optional<std::filesystem::path> runfiles_root(const std::string& argv0);
// Every existing runfiles directory of that list, in that order.
std::vector<std::filesystem::path> runfiles_roots(const std::string& argv0);

// The problems folder: `override_dir` (from --problems-dir, resolved as a
// user path) when given, else "problems" in the first runfiles directory
// that has one. Throws UsageError when
// neither exists, saying to pass --problems-dir.
std::filesystem::path problems_root(const std::string& argv0, const std::string& override_dir);

// A path the user typed: absolute stays; relative resolves against
// BUILD_WORKING_DIRECTORY when set (bazel run), else the current directory.
std::filesystem::path resolve_user_path(const std::filesystem::path& path);

}  // namespace judge
