#include "judge/common/file_text.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

namespace judge {
namespace {

namespace fs = std::filesystem;

fs::path scratch(const std::string& name) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const fs::path dir = fs::path(tmp ? tmp : "/tmp") / "file_text_test";
  fs::create_directories(dir);
  return dir / name;
}

TEST(ReadFileText, ReturnsTheBytesUnchanged) {
  const fs::path file = scratch("bytes");
  const std::string bytes = std::string("line\r\n\0binary\xff", 14) + std::string(200000, 'x');
  std::ofstream(file, std::ios::binary) << bytes;
  EXPECT_EQ(read_file_text(file), bytes);
}

TEST(ReadFileText, EmptyFileIsEmpty) {
  const fs::path file = scratch("empty");
  std::ofstream(file, std::ios::binary).flush();
  EXPECT_EQ(read_file_text(file), "");
}

TEST(ReadFileText, MissingFileThrowsNamingIt) {
  const fs::path file = scratch("missing");
  try {
    read_file_text(file);
    FAIL() << "no exception";
  } catch (const FileReadError& error) {
    EXPECT_NE(std::string(error.what()).find("cannot read " + file.string()), std::string::npos) << error.what();
  }
}

TEST(ReadFileText, DirectoryThrows) {
  const fs::path dir = scratch("a-directory");
  fs::create_directories(dir);
  EXPECT_THROW(read_file_text(dir), FileReadError);
}

}  // namespace
}  // namespace judge
