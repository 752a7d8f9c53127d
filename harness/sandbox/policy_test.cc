// The path table's promises: a compiler gets no device but /dev/null and
// nothing of the GPU's; the runner's GPU rules appear only on a GPU; every
// path the runner's Landlock rules open is in its mount tree (or in the
// /proc and /dev bubblewrap makes), so the two layers cannot drift apart.
#include "harness/sandbox/policy.h"

#include <gtest/gtest.h>

#include <filesystem>

#include <algorithm>
#include <set>
#include <string>

#include "harness/sandbox/isolation.h"

namespace sandbox {
namespace {

bool contains(const std::vector<std::string>& list, const std::string& path) {
  return std::find(list.begin(), list.end(), path) != list.end();
}

std::vector<std::string> every_path(const LandlockRules& rules) {
  std::vector<std::string> paths = rules.read_only;
  for (const auto* list : {&rules.read_execute, &rules.read_write, &rules.devices}) {
    paths.insert(paths.end(), list->begin(), list->end());
  }
  return paths;
}

bool under(const std::string& path, const std::string& folder) {
  return path == folder || (path.rfind(folder, 0) == 0 && path[folder.size()] == '/');
}

TEST(Policy, EachPathHasOneRow) {
  std::set<std::string> seen;
  for (const PathRule& rule : path_rules()) {
    EXPECT_TRUE(seen.insert(rule.path).second) << rule.path << " has two rows";
    EXPECT_EQ(rule.path[0], '/') << rule.path;
    EXPECT_NE(std::string(rule.why), "") << rule.path;
  }
}

TEST(Policy, CompilerGetsOnlyDevNullAndNothingOfTheGpu) {
  const LandlockRules rules = compiler_rules();
  EXPECT_EQ(rules.devices, std::vector<std::string>{"/dev/null"});
  EXPECT_TRUE(rules.read_write.empty());
  EXPECT_TRUE(contains(rules.read_execute, "/usr"));
  EXPECT_TRUE(contains(rules.read_execute, "/bin"));
  EXPECT_TRUE(contains(rules.read_only, "/etc/alternatives"));
  for (const std::string& path : every_path(rules)) {
    EXPECT_EQ(path.find("nvidia"), std::string::npos) << path;
    EXPECT_FALSE(path == "/etc/passwd" || path == "/etc/group") << path;
  }
}

TEST(Policy, RunnerGetsTheGpuRulesOnlyOnAGpu) {
  for (const std::string& path : every_path(solution_rules(false, "/opt/cuda"))) {
    EXPECT_EQ(path.find("nvidia"), std::string::npos) << path;
    EXPECT_NE(path, "/opt/cuda");
  }
  const LandlockRules gpu = solution_rules(true, "/opt/cuda");
  EXPECT_TRUE(contains(gpu.read_only, "/opt/cuda"));
  EXPECT_TRUE(contains(gpu.devices, "/dev/nvidiactl"));
  EXPECT_TRUE(contains(gpu.devices, "/dev/nvidia0"));
  EXPECT_TRUE(contains(gpu.devices, "/dev/nvidia63"));
  // The persistence daemon's socket and the driver's thread names; nothing
  // of either on the CPU backend.
  EXPECT_EQ(gpu.read_write, (std::vector<std::string>{"/proc/self/task", "/run/nvidia-persistenced"}));
  EXPECT_TRUE(solution_rules(false, "/opt/cuda").read_write.empty());
  EXPECT_TRUE(gpu.read_execute.empty());  // only the solution's own folder, which the caller adds
}

TEST(Policy, EveryPathTheRunnerMayOpenIsInItsMountTree) {
  for (bool gpu : {false, true}) {
    const std::vector<Mount> mounts = runner_mounts(gpu, "/opt/cuda");
    for (const std::string& path : every_path(solution_rules(gpu, "/opt/cuda"))) {
      if (under(path, "/proc") || (under(path, "/dev") && path.find("nvidia") == std::string::npos)) continue;
      const bool mounted =
          std::any_of(mounts.begin(), mounts.end(), [&](const Mount& mount) { return under(path, mount.path); });
      EXPECT_TRUE(mounted) << path << (gpu ? " (GPU)" : "") << " is granted by Landlock but absent from the mount tree";
    }
  }
}

TEST(Policy, BubblewrapBindsEachMountAsItsKind) {
  IsolationPlan plan;
  plan.program = "/bin/true";
  plan.gpu = true;
  plan.cuda_home = "/opt/cuda";
  const std::vector<std::string> command = bubblewrap_command(plan, {}, {}, "/bin/true", "/run/judge/true");
  auto has = [&](const std::string& flag, const std::string& path) {
    for (std::size_t i = 0; i + 2 < command.size(); ++i) {
      if (command[i] == flag && command[i + 1] == path && command[i + 2] == path) return true;
    }
    return false;
  };
  EXPECT_TRUE(has("--ro-bind-try", "/usr"));
  EXPECT_TRUE(has("--ro-bind-try", "/opt/cuda"));
  // (bound as the folder it is, or the one it links to: see the next test)
  EXPECT_TRUE(has("--ro-bind-try", std::filesystem::weakly_canonical("/usr/local/cuda").string()));
  EXPECT_TRUE(has("--dev-bind-try", "/dev/nvidia7"));
  EXPECT_TRUE(has("--bind-try", "/run/nvidia-persistenced"));
  EXPECT_FALSE(has("--ro-bind-try", "/etc/alternatives"));  // a compiler's, not the runner's
  plan.gpu = false;
  const std::vector<std::string> cpu = bubblewrap_command(plan, {}, {}, "/bin/true", "/run/judge/true");
  EXPECT_EQ(std::count(cpu.begin(), cpu.end(), "/dev/nvidiactl"), 0);
}

// Ubuntu's toolkit link goes through /etc/alternatives, which the runner's
// tree does not hold: binding onto /usr/local/cuda failed there ("Can't bind
// mount ... No such file or directory"). The chain's missing link is made and
// the toolkit's own folder bound.
TEST(Policy, ALinkedToolkitIsReachedThroughLinksTheTreeHolds) {
  const std::filesystem::path root = std::filesystem::path(testing::TempDir()) / "linked_toolkit";
  std::filesystem::remove_all(root);
  std::filesystem::create_directories(root / "usr/local/cuda-13.0/lib64");
  std::filesystem::create_directories(root / "etc/alternatives");
  std::filesystem::create_directory_symlink(root / "usr/local/cuda-13.0", root / "etc/alternatives/cuda");
  std::filesystem::create_directory_symlink(root / "etc/alternatives/cuda", root / "usr/local/cuda");
  const std::string usr = (root / "usr").string(), link = (root / "usr/local/cuda").string();
  const std::string real = (root / "usr/local/cuda-13.0").string(), alternative = (root / "etc/alternatives/cuda").string();

  const std::vector<std::string> words = read_only_bind(link, {usr, link});
  const std::vector<std::string> expected = {"--symlink", real, alternative, "--ro-bind-try", real, real};
  EXPECT_EQ(words, expected);
  // With /etc bound too, no link needs making; a plain folder is bound as it is.
  EXPECT_EQ(read_only_bind(link, {usr, (root / "etc").string()}),
            (std::vector<std::string>{"--ro-bind-try", real, real}));
  EXPECT_EQ(read_only_bind(real, {usr}), (std::vector<std::string>{"--ro-bind-try", real, real}));
}

}  // namespace
}  // namespace sandbox
