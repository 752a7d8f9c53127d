#include "judge/common/work_dir.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>

namespace judge {
namespace {

namespace fs = std::filesystem;

// A pid that was a process a moment ago and is no longer one.
pid_t dead_pid() {
  const pid_t child = fork();
  if (child == 0) _exit(0);
  waitpid(child, nullptr, 0);
  return child;
}

TEST(WorkDir, SweepsOnlyFoldersOfDeadJudges) {
  const fs::path root = fs::path(std::getenv("TEST_TMPDIR") ? std::getenv("TEST_TMPDIR") : "/tmp") / "work_dir_test";
  fs::remove_all(root);
  fs::create_directories(root);

  const fs::path mine = make_work_dir(root);
  EXPECT_EQ(mine.filename().string().rfind("judge-" + std::to_string(getpid()) + "-", 0), 0u) << mine;
  struct stat info {};
  ASSERT_EQ(stat(mine.c_str(), &info), 0);
  EXPECT_EQ(info.st_mode & 0777, 0700u);

  const std::string dead = std::to_string(dead_pid());
  const fs::path stale = root / ("judge-" + dead + "-abc123");
  fs::create_directories(stale / "check");
  std::ofstream(stale / "check/runner.log") << "left behind";
  const fs::path kept = root / ("judge-" + dead + "-kept01");
  fs::create_directories(kept);
  mark_work_dir_kept(kept);
  const fs::path alive = root / "judge-1-abcdef";  // pid 1 always runs
  fs::create_directories(alive);
  const fs::path other = root / ("judge-cache-" + dead);  // not the pattern
  fs::create_directories(other);
  fs::create_directories(root / "elsewhere");
  const fs::path link = root / ("judge-" + dead + "-link00");
  fs::create_directory_symlink(root / "elsewhere", link);

  EXPECT_EQ(sweep_stale_work_dirs(root), 1);
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(mine));
  EXPECT_TRUE(fs::exists(kept));
  EXPECT_TRUE(fs::exists(alive));
  EXPECT_TRUE(fs::exists(other));
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_TRUE(fs::exists(root / "elsewhere"));
}

}  // namespace
}  // namespace judge
