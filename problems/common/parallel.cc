#include "problems/common/parallel.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
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
  for (int64_t t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& thread : pool) thread.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace problems
