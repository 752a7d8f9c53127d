// The corpus checks (corpus_checks.h), as gtest assertions.
#include "judge/problem/corpus_checks.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "judge/common/errors.h"

namespace judge {

std::filesystem::path problem_testdata() {
  return std::filesystem::path(std::getenv("TEST_SRCDIR")) / "judge/judge/problem/testdata";
}

std::size_t files_in(const std::filesystem::path& folder) {
  std::size_t count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    (void)entry;
    ++count;
  }
  return count;
}

void expect_each_broken_file_fails(const std::filesystem::path& folder, const std::vector<BrokenFile>& broken,
                                   const std::function<void(const std::filesystem::path&)>& load) {
  EXPECT_EQ(files_in(folder), broken.size()) << "every file in " << folder << " needs a row";
  for (const BrokenFile& row : broken) {
    const std::filesystem::path file = folder / row.file;
    ASSERT_TRUE(std::filesystem::exists(file)) << file;
    try {
      load(file);
      ADD_FAILURE() << row.file << " loaded without error";
    } catch (const ProblemError& error) {
      const std::string message = error.what();
      const std::string where = file.string() + ":" + std::to_string(row.line) + ": ";
      EXPECT_EQ(message.rfind(where, 0), 0u)
          << row.file << ": expected to start with '" << where << "', got: " << message;
      EXPECT_NE(message.find(row.reason), std::string::npos)
          << row.file << ": expected '" << row.reason << "' in: " << message;
    }
  }
}

}  // namespace judge
