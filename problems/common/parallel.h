// A minimal parallel loop for the references: items (usually samples of the
// batch) are handed out one at a time to a pool of std::threads, so uneven
// items balance themselves. The references parallelise over whole samples
// because every later stage of every seed problem is per sample.
#pragma once

#include <cstdint>
#include <functional>

namespace problems {

// Number of worker threads the references use: the hardware concurrency
// (at least 1).
int reference_thread_count();

// Calls body(item) for every item in [0, count), on up to
// reference_thread_count() threads. An exception thrown by body is rethrown
// in the caller after all threads have stopped.
void parallel_for(int64_t count, const std::function<void(int64_t item)>& body);

}  // namespace problems
