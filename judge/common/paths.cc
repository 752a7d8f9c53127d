#include "judge/common/paths.h"

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

std::optional<std::filesystem::path> runfiles_root(const std::string& argv0) {
  if (auto dir = from_env("RUNFILES_DIR")) return dir;
  if (auto dir = from_env("TEST_SRCDIR")) return dir;
  if (!argv0.empty()) {
    if (auto dir = existing_workspace_dir(argv0 + ".runfiles")) return dir;
  }
  std::error_code error;
  std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    if (auto dir = existing_workspace_dir(self.string() + ".runfiles")) return dir;
  }
  return std::nullopt;
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
  std::optional<std::filesystem::path> runfiles = runfiles_root(argv0);
  if (runfiles && std::filesystem::is_directory(*runfiles / "problems", error)) {
    return *runfiles / "problems";
  }
  throw UsageError(
      "cannot find the problems folder in this binary's runfiles (" +
      (runfiles ? runfiles->string() : std::string("no runfiles found")) +
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
