// What the tests of the statement and case-file corpora (testdata/broken_*,
// testdata/accepted_*) check alike: every file in a corpus has its row in
// the test's table, and a broken file's error names the file, its line and
// the reason.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <vector>

namespace judge {

// judge/problem/testdata in the test's runfiles.
std::filesystem::path problem_testdata();

// How many entries `folder` holds, to compare with the rows of a table.
std::size_t files_in(const std::filesystem::path& folder);

// A file that must fail to load: its error starts with "<path>:<line>: "
// and holds `reason`.
struct BrokenFile {
  const char* file;
  int line;
  const char* reason;
};

// Loads every file of `broken` from `folder` with `load`, which must throw
// ProblemError as its row says; also checks the table covers the folder.
void expect_each_broken_file_fails(const std::filesystem::path& folder, const std::vector<BrokenFile>& broken,
                                   const std::function<void(const std::filesystem::path&)>& load);

}  // namespace judge
