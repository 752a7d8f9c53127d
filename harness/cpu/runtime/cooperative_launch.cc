// Cooperative launches (cudaLaunchCooperativeKernel, or cudaLaunchKernelEx
// with cudaLaunchAttributeCooperative): every block of the grid is resident
// at once, so grid_group::sync() can hold them all.
//
// Each block runs on an OS thread of its own (its CUDA threads are fibers on
// that thread, as in any launch). Blocks cannot share one OS thread as
// fibers: static __shared__ arrays are thread_local, so two blocks on one
// thread would share their shared memory. The threads are kept in a crew
// that grows to the largest cooperative grid seen and sleeps between
// launches; a grid larger than the occupancy the runtime reports
// (cudaOccupancyMaxActiveBlocksPerMultiprocessor x multiProcessorCount) is
// refused with cudaErrorCooperativeLaunchTooLarge, as on a GPU.
//
// grid.sync(): the block's live threads gather at a block barrier; the first
// of them to go on (the last to arrive) waits at the grid barrier for the
// other blocks, holding its OS thread, so the rest of the block goes on only
// once every block has arrived.
#include "cooperative_launch.h"

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "block_run.h"
#include "runtime_state.h"

namespace cucpu::runtime {

// The grid-wide barrier of one cooperative launch. A block that failed
// (fault, deadlock) breaks it, and so does a block that returned while
// others wait at it, since the GPU's barrier would then never complete:
// the waiting blocks are abandoned.
class GridBarrier {
 public:
  explicit GridBarrier(unsigned long long blocks) : m_blocks(blocks) {}

  // Waits until every block has arrived; false when the barrier broke.
  bool arrive_and_wait() {
    std::unique_lock<std::mutex> lock(m_mutex);
    if (m_broken) return false;
    unsigned long long generation = m_generation;
    if (++m_arrived == m_blocks) {
      m_arrived = 0;
      ++m_generation;
      m_released.notify_all();
      return true;
    }
    if (m_arrived + m_finished == m_blocks) break_for_exited_blocks();
    m_released.wait(lock, [&] { return m_generation != generation || m_broken; });
    if (m_generation != generation) return true;
    report_exited_blocks_once(lock);
    return false;
  }

  // The calling block has run to its end.
  void finish() {
    std::lock_guard<std::mutex> lock(m_mutex);
    ++m_finished;
    if (m_arrived != 0 && m_arrived + m_finished == m_blocks) break_for_exited_blocks();
  }

  // The calling block failed; its fault is reported already.
  void fail() {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_broken = true;
    m_released.notify_all();
  }

 private:
  void break_for_exited_blocks() {
    m_broken = true;
    m_exited_while_waiting = true;
    m_released.notify_all();
  }

  // One waiting thread reports why the grid cannot go on.
  void report_exited_blocks_once(std::unique_lock<std::mutex>& lock) {
    if (!m_exited_while_waiting || m_reported) return;
    m_reported = true;
    std::string what = "deadlock: " + std::to_string(m_arrived) + " block(s) wait at grid.sync() while " +
                       std::to_string(m_finished) +
                       " block(s) of the grid returned without reaching it; the kernel was abandoned";
    lock.unlock();
    report_kernel_fault(what.c_str());
    set_sticky_error(cudaErrorLaunchFailure);
    lock.lock();
  }

  std::mutex m_mutex;
  std::condition_variable m_released;
  const unsigned long long m_blocks;
  unsigned long long m_arrived = 0;
  unsigned long long m_finished = 0;
  unsigned long long m_generation = 0;
  bool m_broken = false;
  bool m_exited_while_waiting = false;
  bool m_reported = false;
};

namespace {

// OS threads that run the blocks of cooperative launches beyond the first
// (which runs on the launching thread). Member i runs block i + 1.
class CooperativeCrew {
 public:
  void run(LaunchJob& job, GridBarrier& grid) {
    unsigned long long helpers = job.total_blocks - 1;
    while (m_members < helpers) {
      unsigned index = m_members++;
      // A new member waits for the launch announced next, never an earlier one.
      std::thread([this, index, seen = m_generation] { serve(index, seen); }).detach();
    }
    {
      std::lock_guard<std::mutex> lock(m_mutex);
      m_job = &job;
      m_grid = &grid;
      m_busy = helpers;
      ++m_generation;
    }
    m_wake.notify_all();
    run_one(job, grid, 0);
    std::unique_lock<std::mutex> lock(m_mutex);
    m_done.wait(lock, [this] { return m_busy == 0; });
  }

 private:
  static void run_one(LaunchJob& job, GridBarrier& grid, unsigned long long index) {
    if (run_cooperative_block(job, grid, index)) {
      grid.finish();
    } else {
      job.failed.store(true);
      grid.fail();
    }
  }

  void serve(unsigned index, unsigned long long seen) {
    for (;;) {
      LaunchJob* job;
      GridBarrier* grid;
      {
        std::unique_lock<std::mutex> lock(m_mutex);
        m_wake.wait(lock, [&] { return m_generation != seen; });
        seen = m_generation;
        if (index + 1 >= m_job->total_blocks) continue;  // this launch needs fewer blocks
        job = m_job;
        grid = m_grid;
      }
      run_one(*job, *grid, index + 1);
      std::lock_guard<std::mutex> lock(m_mutex);
      if (--m_busy == 0) m_done.notify_one();
    }
  }

  // Launches are serialised (scheduler.cc), so only one uses the crew, and
  // only the launching thread writes m_generation (under m_mutex).
  unsigned long long m_members = 0;
  std::mutex m_mutex;
  std::condition_variable m_wake;
  std::condition_variable m_done;
  LaunchJob* m_job = nullptr;
  GridBarrier* m_grid = nullptr;
  unsigned long long m_busy = 0;
  unsigned long long m_generation = 0;
};

}  // namespace

void run_cooperative_launch(LaunchJob& job) {
  static auto* crew = new CooperativeCrew();  // never destroyed: its threads are detached
  GridBarrier grid(job.total_blocks);
  crew->run(job, grid);
}

}  // namespace cucpu::runtime

namespace cucpu::detail {

using namespace cucpu::runtime;

bool launch_is_cooperative() { return current_block() != nullptr && this_worker().grid != nullptr; }

void grid_sync(const char* file, int line) {
  BlockRun* block = current_block();
  if (block == nullptr) return;  // host code: nothing to wait for
  Worker& worker = this_worker();
  if (worker.grid == nullptr) {
    trap("grid.sync() in a kernel that was not launched cooperatively: only cudaLaunchCooperativeKernel (or "
         "cudaLaunchKernelEx with cudaLaunchAttributeCooperative) keeps every block of the grid resident");
  }
  unsigned syncs_before = block->grid_syncs;
  block_barrier(BarrierKind::sync, 0, file, line);
  if (block->grid_syncs != syncs_before) return;  // another thread of the block has waited for the grid
  ++block->grid_syncs;
  if (!worker.grid->arrive_and_wait()) abandon_current_thread();
}

}  // namespace cucpu::detail
