#include "judge/common/paths.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "judge/common/errors.h"

namespace judge {
namespace {

TEST(ResolveUserPath, AbsolutePathStays) {
  setenv("BUILD_WORKING_DIRECTORY", "/somewhere", 1);
  EXPECT_EQ(resolve_user_path("/abs/file.cu"), std::filesystem::path("/abs/file.cu"));
}

TEST(ResolveUserPath, RelativeUsesBuildWorkingDirectory) {
  setenv("BUILD_WORKING_DIRECTORY", "/home/user/project", 1);
  EXPECT_EQ(resolve_user_path("out/../sol.cu"), std::filesystem::path("/home/user/project/sol.cu"));
}

TEST(ResolveUserPath, RelativeUsesCurrentDirectoryOutsideBazelRun) {
  unsetenv("BUILD_WORKING_DIRECTORY");
  EXPECT_EQ(resolve_user_path("sol.cu"), std::filesystem::current_path() / "sol.cu");
}

TEST(RunfilesRoot, FoundUnderBazelTest) {
  // bazel test exports TEST_SRCDIR; the workspace folder inside it holds
  // this test's own sources.
  std::optional<std::filesystem::path> root = runfiles_root("");
  ASSERT_TRUE(root.has_value());
  EXPECT_EQ(root->filename(), "judge");
}

TEST(ProblemsRoot, TakesTheFirstRunfilesTreeThatHasProblems) {
  // RUNFILES_DIR inherited from another binary has no problems/; the
  // binary's own <argv0>.runfiles does.
  const std::filesystem::path tmp = std::getenv("TEST_TMPDIR");
  std::filesystem::create_directories(tmp / "other.runfiles/judge");
  std::filesystem::create_directories(tmp / "bin/judge.runfiles/judge/problems");
  setenv("RUNFILES_DIR", (tmp / "other.runfiles").c_str(), 1);
  const std::string argv0 = (tmp / "bin/judge").string();
  EXPECT_EQ(runfiles_root(argv0), std::filesystem::absolute(tmp / "other.runfiles/judge"));
  EXPECT_EQ(problems_root(argv0, ""), std::filesystem::absolute(tmp / "bin/judge.runfiles/judge/problems"));
  unsetenv("RUNFILES_DIR");
}

TEST(ProblemsRoot, FoundFromABinaryInsideAnotherTargetsRunfiles) {
  // A test runs the judge from its own runfiles tree with a scrubbed
  // environment: no RUNFILES_DIR, no <argv0>.runfiles.
  const std::filesystem::path tmp = std::getenv("TEST_TMPDIR");
  const std::filesystem::path tree = tmp / "some_test.runfiles/judge";
  std::filesystem::create_directories(tree / "problems");
  std::filesystem::create_directories(tree / "judge");
  const std::string argv0 = (tree / "judge/judge").string();
  const char* saved = std::getenv("TEST_SRCDIR");
  const std::string saved_srcdir = saved ? saved : "";
  unsetenv("TEST_SRCDIR");
  unsetenv("RUNFILES_DIR");
  const std::filesystem::path found = problems_root(argv0, "");
  if (saved) setenv("TEST_SRCDIR", saved_srcdir.c_str(), 1);
  EXPECT_EQ(found, std::filesystem::absolute(tree / "problems"));
}

TEST(ProblemsRoot, ErrorSaysWhereItLookedAndWhatToDo) {
  unsetenv("RUNFILES_DIR");
  try {
    problems_root("/no/such/binary", "");  // TEST_SRCDIR of this test has no problems/
    FAIL() << "expected UsageError";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("pass --problems-dir"), std::string::npos) << error.what();
  }
}

TEST(ProblemsRoot, OverrideMustExist) {
  unsetenv("BUILD_WORKING_DIRECTORY");
  try {
    problems_root("", "/no/such/problems/dir");
    FAIL() << "expected UsageError";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("/no/such/problems/dir"), std::string::npos) << error.what();
  }
}

TEST(ProblemsRoot, OverrideIsResolvedAsUserPath) {
  setenv("BUILD_WORKING_DIRECTORY", "/", 1);
  EXPECT_EQ(problems_root("", "tmp"), std::filesystem::path("/tmp"));
}

}  // namespace
}  // namespace judge
