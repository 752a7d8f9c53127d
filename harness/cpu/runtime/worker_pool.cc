// See worker_pool.h.
#include "worker_pool.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "runtime_state.h"

namespace cucpu::runtime {

// Helper threads that join the launching thread in running blocks. They
// sleep between launches: on a shared, oversubscribed machine spinning
// measured slower than a condition-variable wake-up.
class WorkerPool {
 public:
  explicit WorkerPool(int helpers) : helper_count_(helpers) {
    for (int i = 0; i < helpers; ++i) std::thread([this] { serve(); }).detach();
  }

  void run(LaunchJob& job) {
    unsigned long long block_threads = (unsigned long long)job.block.x * job.block.y * job.block.z;
    unsigned long long threads = job.total_blocks * block_threads;
    if (helper_count_ == 0 || job.total_blocks == 1 || threads < kThreadsWorthHelpers) {
      work_on(job);
      return;
    }
    job.blocks_per_claim = blocks_per_claim(job.total_blocks, block_threads, helper_count_ + 1);
    busy_.store(helper_count_, std::memory_order_relaxed);
    job_.store(&job, std::memory_order_relaxed);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      generation_.fetch_add(1, std::memory_order_release);
    }
    wake_.notify_all();
    work_on(job);
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return busy_.load(std::memory_order_acquire) == 0; });
  }

 private:
  // Launches smaller than this run on the launching thread alone: waking
  // helpers costs more than the work.
  static constexpr unsigned long long kThreadsWorthHelpers = 2048;

  // A claim covers at least kThreadsPerClaim CUDA threads, so the shared
  // counter is touched rarely, but every worker still gets
  // kClaimsPerWorker claims or more, so they finish close together.
  static constexpr unsigned long long kThreadsPerClaim = 16384;
  static constexpr unsigned long long kClaimsPerWorker = 8;
  static unsigned long long blocks_per_claim(unsigned long long blocks, unsigned long long threads_per_block,
                                             int workers) {
    unsigned long long enough = (kThreadsPerClaim + threads_per_block - 1) / threads_per_block;
    unsigned long long balanced = blocks / (kClaimsPerWorker * (unsigned long long)workers);
    return std::max(1ull, std::min(enough, balanced));
  }

  void serve() {
    unsigned long long seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return generation_.load(std::memory_order_acquire) != seen; });
      }
      seen = generation_.load(std::memory_order_acquire);
      work_on(*job_.load(std::memory_order_relaxed));
      if (busy_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        std::lock_guard<std::mutex> lock(mutex_);
        done_.notify_one();
      }
    }
  }

  const int helper_count_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  std::atomic<LaunchJob*> job_{nullptr};
  std::atomic<unsigned long long> generation_{0};
  std::atomic<int> busy_{0};
};

WorkerPool& worker_pool() {
  static auto* instance = new WorkerPool(worker_count() - 1);  // the launching thread is a worker too
  return *instance;
}

void run_on_workers(WorkerPool& pool, LaunchJob& job) { pool.run(job); }

}  // namespace cucpu::runtime
