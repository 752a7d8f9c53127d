#include "judge/common/paths.h"

#include <algorithm>
#include <cstdlib>
#include <system_error>

#include "judge/common/errors.h"

namespace judge {
namespace {

constexpr const char* kWorkspaceName = "judge";

std::optional<std::filesystem::path> existing_workspace_dir(const std::filesystem::path& runfiles) {
  std::error_code error;
  std::filesystem::path workspace = runfiles / kWorkspaceName;
  if (std::filesystem::is_directory(workspace, error)) return std::filesystem::absolute(workspace);
  return std::nullopt;
}

std::optional<std::filesystem::path> from_env(const char* variable) {
  const char* value = std::getenv(variable);
  if (value == nullptr || *value == '\0') return std::nullopt;
  return existing_workspace_dir(value);
}

}  // namespace

std::vector<std::filesystem::path> runfiles_roots(const std::string& argv0) {
  std::vector<std::filesystem::path> roots;
  auto add = [&](std::optional<std::filesystem::path> dir) {
    if (dir && std::find(roots.begin(), roots.end(), *dir) == roots.end()) roots.push_back(*dir);
  };
  add(from_env("RUNFILES_DIR"));
  add(from_env("TEST_SRCDIR"));
  if (!argv0.empty()) {
    add(existing_workspace_dir(argv0 + ".runfiles"));
    // A binary run from inside another target's runfiles tree (a test's data,
    // started with a scrubbed environment) finds that tree by its path.
    for (std::filesystem::path dir = std::filesystem::absolute(argv0).parent_path(); dir.has_relative_path();
         dir = dir.parent_path()) {
      const std::string name = dir.filename().string();
      if (name.size() > 9 && name.ends_with(".runfiles")) {
        add(existing_workspace_dir(dir));
        break;
      }
    }
  }
  std::error_code error;
  std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) add(existing_workspace_dir(self.string() + ".runfiles"));
  return roots;
}

std::optional<std::filesystem::path> runfiles_root(const std::string& argv0) {
  std::vector<std::filesystem::path> roots = runfiles_roots(argv0);
  if (roots.empty()) return std::nullopt;
  return roots.front();
}

std::filesystem::path problems_root(const std::string& argv0, const std::string& override_dir) {
  std::error_code error;
  if (!override_dir.empty()) {
    std::filesystem::path dir = resolve_user_path(override_dir);
    if (!std::filesystem::is_directory(dir, error)) {
      throw UsageError("--problems-dir '" + override_dir + "': " + dir.string() + " is not a directory");
    }
    return dir;
  }
  // An inherited RUNFILES_DIR may belong to another binary (a test that runs
  // the judge): take the first runfiles tree that has the problems.
  std::string searched;
  for (const std::filesystem::path& root : runfiles_roots(argv0)) {
    if (std::filesystem::is_directory(root / "problems", error)) return root / "problems";
    searched += (searched.empty() ? "" : ", ") + (root / "problems").string();
  }
  throw UsageError("cannot find the problems folder in this binary's runfiles (looked in: " +
                   (searched.empty() ? std::string("no runfiles found") : searched) +
                   "); run the judge with `bazel run //judge -- ...` or pass --problems-dir <path>");
}

std::filesystem::path resolve_user_path(const std::filesystem::path& path) {
  if (path.is_absolute()) return path;
  const char* working_dir = std::getenv("BUILD_WORKING_DIRECTORY");
  if (working_dir != nullptr && *working_dir != '\0') {
    return (std::filesystem::path(working_dir) / path).lexically_normal();
  }
  return (std::filesystem::current_path() / path).lexically_normal();
}

}  // namespace judge
