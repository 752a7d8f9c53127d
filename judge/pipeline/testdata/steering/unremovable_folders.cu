// Leaves folders in its exchange folder ($TMPDIR) that a judge without
// root could not remove with a plain recursive removal: "closed" (mode 0)
// holding a file and a folder, "write-only" (mode 0300) holding a file, and
// a chain 100 folders deep ending in a mode-0 folder. The judge must remove
// them all (it makes them accessible as it descends). Put before the ReLU
// default, whose solution() calls attack_once() first.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

static void attack_once() {
  static bool done = false;
  const char* folder = std::getenv("TMPDIR");
  if (done || !folder) return;
  done = true;
  const std::string root = folder;
  auto make_file = [](const std::string& path) {
    const int fd = open(path.c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
    if (fd >= 0) close(fd);
  };
  mkdir((root + "/closed").c_str(), 0700);
  mkdir((root + "/closed/inner").c_str(), 0700);
  make_file(root + "/closed/file");
  make_file(root + "/closed/inner/file");
  chmod((root + "/closed/inner").c_str(), 0);
  chmod((root + "/closed").c_str(), 0);
  mkdir((root + "/write-only").c_str(), 0700);
  make_file(root + "/write-only/file");
  chmod((root + "/write-only").c_str(), 0300);
  std::string deep = root;
  for (int level = 0; level < 60; ++level) {
    deep += "/d";
    mkdir(deep.c_str(), 0700);
  }
  make_file(deep + "/file");
  chmod(deep.c_str(), 0);
}
