#include "judge/common/regular_file.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>

namespace judge {
namespace {

namespace fs = std::filesystem;

class RegularFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    m_dir = fs::path(std::getenv("TEST_TMPDIR") ? std::getenv("TEST_TMPDIR") : "/tmp") / "regular_file_test";
    fs::remove_all(m_dir);
    fs::create_directories(m_dir);
    std::ofstream(m_dir / "file.cu") << "extern \"C\" void solution() {}\n";
  }
  fs::path m_dir;
};

TEST_F(RegularFileTest, ReadsARegularFile) {
  const RegularFileRead read = read_regular_file(m_dir / "file.cu", 1 << 20);
  ASSERT_EQ(read.status, RegularFileRead::Status::Ok) << read.message;
  EXPECT_EQ(read.bytes, "extern \"C\" void solution() {}\n");
  EXPECT_EQ(read.size, read.bytes.size());
}

TEST_F(RegularFileTest, RefusesASymlinkWithoutReadingItsTarget) {
  std::ofstream(m_dir / "secret") << "SECRET";
  fs::create_symlink(m_dir / "secret", m_dir / "link.cu");
  const RegularFileRead read = read_regular_file(m_dir / "link.cu", 1 << 20);
  EXPECT_EQ(read.status, RegularFileRead::Status::Symlink);
  EXPECT_NE(read.message.find("link.cu is a symbolic link"), std::string::npos) << read.message;
  EXPECT_TRUE(read.bytes.empty());
  fs::create_symlink(m_dir / "nowhere", m_dir / "dangling.cu");
  EXPECT_EQ(read_regular_file(m_dir / "dangling.cu", 1 << 20).status, RegularFileRead::Status::Symlink);
}

TEST_F(RegularFileTest, RefusesDevicesFifosAndFolders) {
  const RegularFileRead zero = read_regular_file("/dev/zero", 1 << 20);
  EXPECT_EQ(zero.status, RegularFileRead::Status::NotRegular);
  EXPECT_NE(zero.message.find("/dev/zero is a character device"), std::string::npos) << zero.message;
  ASSERT_EQ(mkfifo((m_dir / "fifo.cu").c_str(), 0600), 0);
  const RegularFileRead fifo = read_regular_file(m_dir / "fifo.cu", 1 << 20);  // must not block
  EXPECT_EQ(fifo.status, RegularFileRead::Status::NotRegular);
  EXPECT_NE(fifo.message.find("is a FIFO"), std::string::npos) << fifo.message;
  EXPECT_EQ(read_regular_file(m_dir, 1 << 20).status, RegularFileRead::Status::NotRegular);
  EXPECT_EQ(read_regular_file(m_dir / "missing.cu", 1 << 20).status, RegularFileRead::Status::Missing);
}

TEST_F(RegularFileTest, RefusesAFileOverTheCapBeforeReadingIt) {
  std::ofstream(m_dir / "big.cu") << std::string(4097, 'x');
  const RegularFileRead read = read_regular_file(m_dir / "big.cu", 4096);
  EXPECT_EQ(read.status, RegularFileRead::Status::TooLarge);
  EXPECT_EQ(read.size, 4097u);
  EXPECT_TRUE(read.bytes.empty());
  EXPECT_NE(read.message.find("4097 bytes, over the limit of 4096 bytes"), std::string::npos) << read.message;
  EXPECT_EQ(read_regular_file(m_dir / "big.cu", 4097).status, RegularFileRead::Status::Ok);
}

TEST_F(RegularFileTest, NamesAHostilePathOnlyEscaped) {
  const fs::path hostile = m_dir / "\x1b[2J\n::error::x.cu";
  fs::create_symlink("/etc/hostname", hostile);
  const RegularFileRead read = read_regular_file(hostile, 1 << 20);
  EXPECT_EQ(read.message.find('\x1b'), std::string::npos) << read.message;
  EXPECT_EQ(read.message.find('\n'), std::string::npos) << read.message;
  EXPECT_NE(read.message.find("\\x1b[2J\\x0a::error::x.cu"), std::string::npos) << read.message;
}

}  // namespace
}  // namespace judge
