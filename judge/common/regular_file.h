// Reading a file the user named but an attacker may have shaped (a submitted
// solution): it must be a regular file reached without following a symbolic
// link in its last component (a solution committed as a link to a secret must
// not be read, hashed or published), and no larger than a cap, checked before
// reading. The checks and the read go through one open descriptor, so the
// file checked is the file read.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace judge {

struct RegularFileRead {
  enum class Status { Ok, Missing, Symlink, NotRegular, TooLarge, Unreadable };
  Status status = Status::Unreadable;
  std::string bytes;        // the content, when Ok
  std::uintmax_t size = 0;  // the size the open file had (also when TooLarge)
  std::string message;      // when not Ok: names the path (printable) and what is wrong
};

// Opens `path` with O_NOFOLLOW | O_NONBLOCK (a FIFO must not block the
// judge), checks with fstat that it is a regular file of at most `max_bytes`,
// and reads it from that descriptor.
RegularFileRead read_regular_file(const std::filesystem::path& path, std::uintmax_t max_bytes);

}  // namespace judge
