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
  explicit WorkerPool(int helpers) : m_helper_count(helpers) {
    for (int i = 0; i < helpers; ++i) std::thread([this] { serve(); }).detach();
  }

  void run(LaunchJob& job) {
    unsigned long long block_threads = (unsigned long long)job.block.x * job.block.y * job.block.z;
    unsigned long long threads = job.total_blocks * block_threads;
    if (m_helper_count == 0 || job.total_blocks == 1 || threads < kThreadsWorthHelpers) {
      work_on(job);
      return;
    }
    job.blocks_per_claim = blocks_per_claim(job.total_blocks, block_threads, m_helper_count + 1);
    m_busy.store(m_helper_count, std::memory_order_relaxed);
    m_job.store(&job, std::memory_order_relaxed);
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      m_generation.fetch_add(1, std::memory_order_release);
    }
    m_wake.notify_all();
    work_on(job);
    std::unique_lock<std::mutex> lock(m_mutex);
    m_done.wait(lock, [this] { return m_busy.load(std::memory_order_acquire) == 0; });
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
        std::unique_lock<std::mutex> lock(m_mutex);
        m_wake.wait(lock, [&] { return m_generation.load(std::memory_order_acquire) != seen; });
      }
      seen = m_generation.load(std::memory_order_acquire);
      work_on(*m_job.load(std::memory_order_relaxed));
      if (m_busy.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_done.notify_one();
      }
    }
  }

  const int m_helper_count;
  std::mutex m_mutex;
  std::condition_variable m_wake;
  std::condition_variable m_done;
  std::atomic<LaunchJob*> m_job{nullptr};
  std::atomic<unsigned long long> m_generation{0};
  std::atomic<int> m_busy{0};
};

WorkerPool& worker_pool() {
  static auto* instance = new WorkerPool(worker_count() - 1);  // the launching thread is a worker too
  return *instance;
}

void run_on_workers(WorkerPool& pool, LaunchJob& job) { pool.run(job); }

}  // namespace cucpu::runtime
