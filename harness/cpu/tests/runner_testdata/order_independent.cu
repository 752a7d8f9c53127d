// Runner test program: passes in every environment.
#include <cstdio>
int main() {
  std::printf("PASS nothing depends on thread order\nALL PASS\n");
  return 0;
}
