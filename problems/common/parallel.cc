#include "problems/common/parallel.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

namespace problems {

int reference_thread_count() {
  return std::max(1u, std::thread::hardware_concurrency());
}

void parallel_for(int64_t count, const std::function<void(int64_t item)>& body) {
  if (count <= 0) return;
  const int64_t threads = std::min<int64_t>(reference_thread_count(), count);
  std::atomic<int64_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto worker = [&] {
    for (int64_t item = next++; item < count; item = next++) {
      try {
        body(item);
      } catch (...) {
        std::lock_guard<std::mutex> lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        next = count;  // stop handing out work
      }
    }
  };
  std::vector<std::thread> pool;
  for (int64_t t = 0; t < threads; ++t) pool.emplace_back(worker);
  for (auto& thread : pool) thread.join();
  if (failure) std::rethrow_exception(failure);
}

void parallel_chunks(int64_t count, int64_t chunk, const std::function<void(int64_t begin, int64_t end)>& body) {
  parallel_for((count + chunk - 1) / chunk, [&](int64_t index) {
    body(index * chunk, std::min(count, (index + 1) * chunk));
  });
}

void parallel_chunks(int64_t count, const std::function<void(int64_t begin, int64_t end)>& body) {
  parallel_chunks(count, int64_t{1} << 16, body);
}

double ordered_chunk_sum(int64_t count, int64_t chunk,
                         const std::function<double(int64_t begin, int64_t end)>& chunk_sum) {
  std::vector<double> partial(static_cast<std::size_t>((count + chunk - 1) / chunk), 0.0);
  parallel_chunks(count, chunk, [&](int64_t begin, int64_t end) { partial[begin / chunk] = chunk_sum(begin, end); });
  double total = 0;
  for (double value : partial) total += value;
  return total;
}

double* scratch_buffer(int slot, int64_t count) {
  constexpr int kSlots = 8;
  thread_local std::vector<double> buffers[kSlots];
  if (slot < 0 || slot >= kSlots) throw std::logic_error("scratch_buffer: slot out of range");
  std::vector<double>& buffer = buffers[slot];
  if (static_cast<int64_t>(buffer.size()) < count) buffer.resize(count);
  return buffer.data();
}

}  // namespace problems
