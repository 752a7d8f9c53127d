#include "judge/common/work_dir.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
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

// A fresh folder for `name`; as root, under /tmp, which the unprivileged
// user the tests switch to can reach (the test's own TMPDIR may lie under
// root's private home).
fs::path scratch_reachable_by_nobody(const std::string& name) {
  const fs::path base = geteuid() == 0 ? fs::path("/tmp")
                                       : fs::path(std::getenv("TEST_TMPDIR") ? std::getenv("TEST_TMPDIR") : "/tmp");
  const fs::path root = base / (name + "-" + std::to_string(getpid()));
  fs::remove_all(root);
  fs::create_directories(root);
  return root;
}

// What a solution leaves in its exchange folder, removed as the user who
// judged it (root is never stopped by a mode): folders of mode 0 and 0300,
// a tree 100 folders deep, a link out that must not be followed.
TEST(WorkDir, RemovesATreeWhateverItsModesAndDepth) {
  const fs::path root = scratch_reachable_by_nobody("remove_tree_test");
  fs::create_directories(root / "outside");
  std::ofstream(root / "outside/keep") << "not the tree's";
  if (geteuid() == 0) {
    ASSERT_EQ(chown(root.c_str(), 65534, 65534), 0);
    ASSERT_EQ(chown((root / "outside").c_str(), 65534, 65534), 0);
  }
  const pid_t child = fork();
  if (child == 0) {
    if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0)) _exit(90);
    const fs::path tree = root / "tree";
    fs::path deep = tree;
    for (int i = 0; i < 100; ++i) deep /= "d";
    fs::create_directories(deep);
    std::ofstream(deep / "file") << "deep";
    fs::create_directories(tree / "closed/inner");
    std::ofstream(tree / "closed/inner/file") << "x";
    fs::create_directories(tree / "write-only");
    std::ofstream(tree / "write-only/file") << "x";
    fs::create_directory_symlink(root / "outside", tree / "link-out");
    chmod((tree / "closed/inner").c_str(), 0);
    chmod((tree / "closed").c_str(), 0);
    chmod((tree / "write-only").c_str(), 0300);
    chmod(deep.parent_path().c_str(), 0);
    // Without the walk's chmod the plain removal fails.
    std::error_code error;
    fs::remove_all(tree, error);
    if (!error) _exit(91);
    const std::string failure = remove_tree(tree);
    if (!failure.empty()) {
      std::fprintf(stderr, "%s\n", failure.c_str());
      _exit(92);
    }
    if (fs::exists(tree)) _exit(93);
    if (!fs::exists(root / "outside/keep")) _exit(94);
    if (!remove_tree(tree).empty()) _exit(95);  // gone already: no error
    _exit(0);
  }
  int status = 0;
  waitpid(child, &status, 0);
  fs::remove_all(root);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

// A folder that cannot be removed is said, not ignored: here a file in a
// folder the remover may not write (made read-only by another user, root).
TEST(WorkDir, SaysWhatItCannotRemove) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root to make a folder this user cannot change";
  const fs::path root = scratch_reachable_by_nobody("remove_fail_test");
  fs::create_directories(root / "tree/roots");
  std::ofstream(root / "tree/roots/file") << "x";
  ASSERT_EQ(chown(root.c_str(), 65534, 65534), 0);
  ASSERT_EQ(chown((root / "tree").c_str(), 65534, 65534), 0);
  chmod((root / "tree/roots").c_str(), 0555);  // root's, not writable by nobody
  const pid_t child = fork();
  if (child == 0) {
    if (setgid(65534) != 0 || setuid(65534) != 0) _exit(90);
    const std::string failure = remove_tree(root / "tree");
    _exit(failure.find("cannot remove " + (root / "tree/roots/file").string()) == 0 ? 0 : 91);
  }
  int status = 0;
  waitpid(child, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  fs::remove_all(root);
}

}  // namespace
}  // namespace judge
