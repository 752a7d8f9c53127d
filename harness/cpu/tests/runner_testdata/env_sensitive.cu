// Runner test program: passes in the default environment, fails when
// CUCPU_SHUFFLE_SEED is set (like a racy kernel exposed by the shuffle).
#include <cstdio>
#include <cstdlib>
int main() {
  if (std::getenv("CUCPU_SHUFFLE_SEED") != nullptr) {
    std::printf("FAIL order-dependent result\n");
    return 1;
  }
  std::printf("PASS order-dependent result\nALL PASS\n");
  return 0;
}
