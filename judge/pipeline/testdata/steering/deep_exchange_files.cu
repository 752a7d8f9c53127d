// Makes 12,000 files 17 folders deep in its exchange folder ($TMPDIR), past
// the cap's 10,000 entries, where the cap's count once stopped at depth 16.
// Put before the ReLU default, whose solution() calls attack_once() first.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

static void attack_once() {
  static bool done = false;
  const char* folder = std::getenv("TMPDIR");
  if (done || !folder) return;
  done = true;
  std::string deep = folder;
  for (int level = 0; level < 17; ++level) {
    deep += "/d";
    mkdir(deep.c_str(), 0700);
  }
  for (int i = 0; i < 12000; ++i) {
    const int fd = open((deep + "/f" + std::to_string(i)).c_str(), O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
    if (fd < 0) return;
    close(fd);
  }
  // Time for the supervisor's next look (it looks every 50 ms).
  usleep(500 * 1000);
  std::printf("stolen: 12000 files made 17 folders deep\n");
}
