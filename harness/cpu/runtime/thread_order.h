// The thread order of every launch in this process: natural, or shuffled
// with a seed (see scheduler.cc). The judge's runner fixes it once, before
// it loads any solution code, so the order is the runner's choice alone:
// nothing a solution can set (its environment, its static constructors)
// changes it, and no call reads it back. A standalone program (tests,
// `cucc`-built executables) that never fixes it gets the order its
// CUCPU_SHUFFLE_SEED environment variable names at its first launch.
#pragma once

#include <optional>

namespace cucpu::runtime {

// Fixes the order: `shuffle_seed` empty for the natural order. Only the
// first call counts (and the first launch fixes it from the environment);
// returns whether this call fixed it.
bool fix_thread_order(std::optional<unsigned long long> shuffle_seed);

}  // namespace cucpu::runtime
