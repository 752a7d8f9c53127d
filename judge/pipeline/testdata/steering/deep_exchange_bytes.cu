// Writes 320 MiB (in 32 MiB files) 17 folders deep in its exchange folder
// ($TMPDIR), past a 256 MiB cap (--exchange-limit 256), where the cap's
// count once stopped at depth 16. Put before the ReLU default, whose
// solution() calls attack_once() first.
#include <sys/stat.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

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
  std::vector<char> block(32 << 20, 'x');
  for (int i = 0; i < 10; ++i) {
    FILE* file = std::fopen((deep + "/fill-" + std::to_string(i)).c_str(), "wb");
    if (!file) return;
    std::fwrite(block.data(), 1, block.size(), file);
    std::fclose(file);
  }
  std::printf("stolen: 320 MiB written 17 folders deep\n");
}
