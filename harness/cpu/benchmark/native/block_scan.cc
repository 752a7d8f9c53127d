// Native baseline for emulated/block_scan.cu: the same additions in the same
// order, written as a CPU programmer would port the kernel: each kScanBlock
// chunk is scanned by Hillis-Steele steps over a double buffer (one loop over
// the chunk per step, which g++ vectorises), chunks in parallel; then the
// chunk totals are scanned the same way, and the offsets added.
#include "harness/cpu/benchmark/workloads.h"

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
  const int n = kScanElements;
  const int chunks = n / kScanBlock;
  std::vector<float> x = make_input(n, 6), y(n), totals(chunks), scanned(chunks);
  time_and_report("block_scan", [&] {
#pragma omp parallel for schedule(static)
    for (int chunk = 0; chunk < chunks; ++chunk) {
      scan_chunk(&x[size_t(chunk) * kScanBlock], &y[size_t(chunk) * kScanBlock], kScanBlock);
      totals[chunk] = y[size_t(chunk) * kScanBlock + kScanBlock - 1];
    }
    scan_chunk(totals.data(), scanned.data(), chunks);
#pragma omp parallel for schedule(static)
    for (int chunk = 1; chunk < chunks; ++chunk) {
      const float offset = scanned[chunk - 1];
      for (int i = chunk * kScanBlock; i < (chunk + 1) * kScanBlock; ++i) y[i] += offset;
    }
  });
  report_checksum("block_scan", y);
  return 0;
}
