// Native baseline for emulated/block_scan.cu: the same additions in the same
// order, written as a CPU programmer would port the kernel: each kScanBlock
// chunk is scanned by Hillis-Steele steps over a double buffer (one loop over
// the chunk per step, which g++ vectorises), chunks in parallel; then the
// chunk totals are scanned the same way, and the offsets added.
#include "harness/cpu/benchmark/native/chunk_driver.h"

using namespace workloads;

// Inclusive Hillis-Steele scan of kScanBlock values (zero-padded past count).
static void scan_chunk(const float* in, float* out, int count) {
  float buffer[2][kScanBlock];
  for (int t = 0; t < kScanBlock; ++t) buffer[0][t] = t < count ? in[t] : 0.0f;
  int current = 0;
  for (int offset = 1; offset < kScanBlock; offset *= 2) {
    const float* from = buffer[current];
    float* to = buffer[1 - current];
    for (int t = 0; t < offset; ++t) to[t] = from[t];
    for (int t = offset; t < kScanBlock; ++t) to[t] = from[t] + from[t - offset];
    current = 1 - current;
  }
  for (int t = 0; t < count; ++t) out[t] = buffer[current][t];
}

int main() {
  time_chunk_scan<kScanElements, kScanBlock, scan_chunk>("block_scan", 6);
  return 0;
}
