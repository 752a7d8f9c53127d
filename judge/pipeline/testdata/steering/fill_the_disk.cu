// Fills the file system of its exchange folder ($TMPDIR) until it is full
// (the test gives the judge a small one), in 1 MiB writes, and leaves it
// so: the runner can then write back no output. The verdict must blame the
// solution (RUNTIME_ERROR naming the full disk), never the judge (ERROR,
// exit 4). Put before the ReLU default, whose solution() calls
// attack_once() first.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

static void attack_once() {
  const char* folder = std::getenv("TMPDIR");
  if (!folder) return;
  static int round = 0;
  FILE* file = std::fopen((std::string(folder) + "/fill-" + std::to_string(round++)).c_str(), "wb");
  if (!file) return;
  std::vector<char> block(1 << 20, 'x');
  for (int i = 0; i < 4096; ++i) {
    if (std::fwrite(block.data(), 1, block.size(), file) != block.size()) break;
    if (std::fflush(file) != 0) break;
  }
  std::fclose(file);
}
