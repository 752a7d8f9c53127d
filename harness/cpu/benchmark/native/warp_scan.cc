// Native baseline for emulated/warp_scan.cu: the same additions in the same
// order, written as a CPU programmer would port the kernel: each
// kWarpScanBlock chunk is scanned within each 32-value warp slice by the
// __shfl_up_sync steps over a double buffer (one loop over the chunk per step,
// which g++ vectorises), the warp totals are scanned the same way and added
// to the later slices, chunks in parallel; then the chunk totals are scanned
// the same way, and the offsets added.
#include "harness/cpu/benchmark/native/chunk_driver.h"

using namespace workloads;

constexpr int kWarps = kWarpScanBlock / kWarpSize;

// Inclusive scan of each kWarpSize slice of `values` (count a multiple of
// kWarpSize), as the kernel's warp_inclusive_scan: in place, `scratch` of the
// same size is the second buffer.
static void warp_scans(float* values, float* scratch, int count) {
  float* from = values;
  float* to = scratch;
  for (int offset = 1; offset < kWarpSize; offset *= 2) {
    for (int t = 0; t < count; ++t) to[t] = (t % kWarpSize) >= offset ? from[t] + from[t - offset] : from[t];
    float* swap = from;
    from = to;
    to = swap;
  }
  // The result is in `from` (scratch after the five steps); copy it back.
  for (int t = 0; t < count; ++t) values[t] = from[t];
}

// Inclusive scan of kWarpScanBlock values (zero-padded past count).
static void scan_chunk(const float* in, float* out, int count) {
  float buffer[kWarpScanBlock], scratch[kWarpScanBlock];
  for (int t = 0; t < kWarpScanBlock; ++t) buffer[t] = t < count ? in[t] : 0.0f;
  warp_scans(buffer, scratch, kWarpScanBlock);
  float warp_totals[kWarps], totals_scratch[kWarps];
  for (int warp = 0; warp < kWarps; ++warp) warp_totals[warp] = buffer[warp * kWarpSize + kWarpSize - 1];
  warp_scans(warp_totals, totals_scratch, kWarps);
  for (int t = 0; t < kWarpSize && t < count; ++t) out[t] = buffer[t];
  for (int t = kWarpSize; t < count; ++t) out[t] = buffer[t] + warp_totals[t / kWarpSize - 1];
}

int main() {
  static_assert(kWarps == kWarpSize, "the warp totals fill one warp, as in the kernel");
  time_chunk_scan<kWarpScanElements, kWarpScanBlock, scan_chunk>("warp_scan", 9);
  return 0;
}
