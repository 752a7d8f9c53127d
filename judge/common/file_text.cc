#include "judge/common/file_text.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace judge {

namespace {

[[noreturn]] void fail(const std::filesystem::path& file, int error) {
  throw FileReadError("cannot read " + file.string() + ": " + std::strerror(error));
}

}  // namespace

std::string read_file_text(const std::filesystem::path& file) {
  const int fd = open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) fail(file, errno);
  struct stat info {};
  if (fstat(fd, &info) != 0) {
    const int error = errno;
    close(fd);
    fail(file, error);
  }
  if (S_ISDIR(info.st_mode)) {
    close(fd);
    fail(file, EISDIR);
  }
  std::string text;
  if (S_ISREG(info.st_mode)) text.reserve(static_cast<std::size_t>(info.st_size));
  char chunk[65536];
  for (;;) {
    const ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int error = errno;
      close(fd);
      fail(file, error);
    }
    if (n == 0) break;
    text.append(chunk, static_cast<std::size_t>(n));
  }
  close(fd);
  return text;
}

}  // namespace judge
