// The OpenMP drivers the native baselines of the reduction and scan
// workloads share: they split the input into the kernel's blocks ("chunks"),
// run the workload's per-chunk port of the kernel on them in parallel, and
// time and report the result as the emulated side does. Each baseline's .cc
// keeps only its per-chunk function.
#pragma once

#include <cstdint>
#include <vector>

#include "harness/cpu/benchmark/workloads.h"

namespace workloads {

// Per-chunk sums of kElements input floats (seeded by `seed`):
// kReduceChunk(values) sums one chunk of kChunkSize values, as one block of
// the kernel does; chunks in parallel.
template <int kElements, int kChunkSize, float (*kReduceChunk)(const float*)>
void time_chunk_sums(const char* workload, uint32_t seed) {
  constexpr int kChunks = kElements / kChunkSize;
  const std::vector<float> x = make_input(kElements, seed);
  std::vector<float> partial(kChunks);
  time_and_report(workload, [&] {
#pragma omp parallel for schedule(static)
    for (int chunk = 0; chunk < kChunks; ++chunk) partial[chunk] = kReduceChunk(&x[size_t(chunk) * kChunkSize]);
  });
  report_checksum(workload, partial);
}

// Inclusive prefix sum of kElements input floats (seeded by `seed`), as the
// three-kernel scan: kScanChunk(in, out, count) scans one chunk of kChunkSize
// values (zero-padded past count), as one block of the kernel does; chunks in
// parallel, then the chunk totals by the same function, then each chunk's
// offset added.
template <int kElements, int kChunkSize, void (*kScanChunk)(const float*, float*, int)>
void time_chunk_scan(const char* workload, uint32_t seed) {
  constexpr int kChunks = kElements / kChunkSize;
  static_assert(kChunks <= kChunkSize, "the chunk totals must fit one chunk");
  const std::vector<float> x = make_input(kElements, seed);
  std::vector<float> y(kElements), totals(kChunks), scanned(kChunks);
  time_and_report(workload, [&] {
#pragma omp parallel for schedule(static)
    for (int chunk = 0; chunk < kChunks; ++chunk) {
      kScanChunk(&x[size_t(chunk) * kChunkSize], &y[size_t(chunk) * kChunkSize], kChunkSize);
      totals[chunk] = y[size_t(chunk) * kChunkSize + kChunkSize - 1];
    }
    kScanChunk(totals.data(), scanned.data(), kChunks);
#pragma omp parallel for schedule(static)
    for (int chunk = 1; chunk < kChunks; ++chunk) {
      const float offset = scanned[chunk - 1];
      for (int i = chunk * kChunkSize; i < (chunk + 1) * kChunkSize; ++i) y[i] += offset;
    }
  });
  report_checksum(workload, y);
}

}  // namespace workloads
