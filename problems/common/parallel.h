// A minimal parallel loop for the references, and its chunked form for flat
// arrays: items (usually samples of the batch) are handed out one at a time
// to a pool of std::threads, so uneven items balance themselves. The references parallelise over whole samples
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
//
// The workers are always fresh threads, never the caller: a body may keep
// per-sample scratch in thread_local storage (see scratch_buffer), which is
// then reused from sample to sample and freed when the call ends.
void parallel_for(int64_t count, const std::function<void(int64_t item)>& body);

// Calls body(begin, end) for consecutive chunks of `chunk` elements (the
// last may be shorter) covering [0, count), on the reference threads.
void parallel_chunks(int64_t count, int64_t chunk, const std::function<void(int64_t begin, int64_t end)>& body);

// The same in chunks of 64 Ki elements: large enough to amortise the
// hand-out, small enough to balance.
void parallel_chunks(int64_t count, const std::function<void(int64_t begin, int64_t end)>& body);

// The sum of chunk_sum(begin, end) over the chunks of parallel_chunks(count,
// chunk), added in chunk order, so the result does not depend on the thread
// count or timing.
double ordered_chunk_sum(int64_t count, int64_t chunk,
                         const std::function<double(int64_t begin, int64_t end)>& chunk_sum);

// Scratch of at least `count` doubles owned by the calling thread; `slot`
// (0-7) tells apart the buffers one body needs at once. Contents are
// unspecified (not zeroed). Reusing it inside a parallel_for body avoids
// allocating and page-faulting megabytes per sample.
double* scratch_buffer(int slot, int64_t count);

}  // namespace problems
