// Lists its exchange folder ($TMPDIR) with opendir()/readdir(), as ordinary
// code may: the sandbox once refused every open() of a folder (its O_TMPFILE
// rule matched O_DIRECTORY). Any failure is fatal here, so the verdict says
// whether it worked. Put before the ReLU default, whose solution() calls
// attack_once() first.
#include <dirent.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

static void attack_once() {
  const char* folder = std::getenv("TMPDIR");
  DIR* dir = opendir(folder ? folder : ".");
  if (!dir) throw std::runtime_error(std::string("opendir failed: ") + std::strerror(errno));
  int entries = 0;
  while (readdir(dir)) ++entries;
  closedir(dir);
  if (entries < 2) throw std::runtime_error("readdir found not even . and ..");
}
