#include "judge/common/regular_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "judge/common/printable.h"

namespace judge {

namespace {

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

}  // namespace

RegularFileRead read_regular_file(const std::filesystem::path& path, std::uintmax_t max_bytes) {
  RegularFileRead read;
  const std::string name = printable_line(path.string());
  const int fd = open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    const int error = errno;
    struct stat link {};
    if (error == ELOOP || (lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode))) {
      read.status = RegularFileRead::Status::Symlink;
      read.message = name + " is a symbolic link; the judge reads only regular files (pass the file itself)";
    } else if (error == ENOENT || error == ENOTDIR) {
      read.status = RegularFileRead::Status::Missing;
      read.message = "no file at " + name;
    } else {
      read.message = "cannot open " + name + ": " + std::strerror(error);
    }
    return read;
  }
  struct stat info {};
  if (fstat(fd, &info) != 0) {
    read.message = "cannot stat " + name + ": " + std::strerror(errno);
  } else if (!S_ISREG(info.st_mode)) {
    read.status = RegularFileRead::Status::NotRegular;
    read.message = name + " is " + kind_of(info.st_mode) + "; the judge reads only regular files";
  } else if (static_cast<std::uintmax_t>(info.st_size) > max_bytes) {
    read.status = RegularFileRead::Status::TooLarge;
    read.size = static_cast<std::uintmax_t>(info.st_size);
    read.message = name + " is " + std::to_string(read.size) + " bytes, over the limit of " +
                   std::to_string(max_bytes) + " bytes";
  } else {
    // Reading stops once past the cap: a file that grows while it is read is
    // still refused.
    read.size = static_cast<std::uintmax_t>(info.st_size);
    read.size = static_cast<std::uintmax_t>(info.st_size);
    std::string bytes;
    bytes.reserve(static_cast<std::size_t>(read.size) + 1);
    char chunk[65536];
    std::size_t got = 0;
    while (got <= max_bytes) {
      const ssize_t n = ::read(fd, chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        read.message = "cannot read " + name + ": " + std::strerror(errno);
        close(fd);
        return read;
      }
      if (n == 0) break;
      bytes.append(chunk, static_cast<std::size_t>(n));
      got += static_cast<std::size_t>(n);
    }
    if (got > max_bytes) {
      read.status = RegularFileRead::Status::TooLarge;
      read.size = got;
      read.message = name + " grew past the limit of " + std::to_string(max_bytes) + " bytes while it was read";
    } else {
      read.bytes = std::move(bytes);
      read.size = got;
      read.status = RegularFileRead::Status::Ok;
    }
  }
  close(fd);
  return read;
}

}  // namespace judge
