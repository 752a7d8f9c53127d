// Rendezvous of cooperative groups larger than a warp (thread_block_tile of
// 64 to 1024 threads): like a warp collective, the members suspend until the
// last one arrives, which completes the collective and queues the others.
#include <algorithm>
#include <cstring>
#include <string>

#include "block_run.h"
#include "cucpu/detail/group_rendezvous.h"

namespace cucpu::detail {

namespace {
constexpr unsigned kGroupSizes = 11;  // 1, 2, 4, ..., 1024 threads
// Per worker, so per running block (its fibers never leave the worker).
__constinit thread_local GroupSlot tls_group_slots[1024];
}  // namespace

GroupSlot* group_slots() { return tls_group_slots; }

void group_rendezvous(unsigned first, unsigned count, void (*complete)(void*), void* context) {
  using namespace cucpu::runtime;
  BlockRun* block = current_block();
  if (block == nullptr || count <= 1) {  // host code, or a group of one
    if (complete != nullptr) complete(context);
    return;
  }
  // A thread may be in several nested tiles that start at the same thread
  // (a 64-thread tile of a 128-thread tile), and their rendezvous may be
  // open at once: key them by first thread and size (a power of two).
  size_t key = size_t(first) * kGroupSizes + unsigned(__builtin_ctz(count));
  if (block->groups.size() < size_t(block->thread_count) * kGroupSizes) {
    block->groups.resize(size_t(block->thread_count) * kGroupSizes);
  }
  GroupRun& group = block->groups[key];
  group.count = count;
  if (group.waiters.size() + 1 == count) {
    if (complete != nullptr) complete(context);
    for (unsigned waiter : group.waiters) make_ready(*block, waiter);
    group.waiters.clear();
  } else {
    group.waiters.push_back(tls_context.linear);
    suspend_current_thread();
  }
}

unsigned coalesced_lanes(const char* file, int line) {
  using namespace cucpu::runtime;
  BlockRun* block = current_block();
  unsigned linear = tls_context.linear;
  if (block == nullptr) return 1u << (linear & 31u);
  block->coalesced_waiters.push_back(CoalescedWaiter{linear, file, line});
  suspend_current_thread();  // until form_coalesced_groups
  unsigned lanes;
  std::memcpy(&lanes, tls_group_slots[linear].result, sizeof lanes);
  return lanes;
}

}  // namespace cucpu::detail

namespace cucpu::runtime {

namespace {
bool same_site(const CoalescedWaiter& a, const CoalescedWaiter& b) {
  return a.line == b.line && (a.file == b.file || std::strcmp(a.file, b.file) == 0);
}
}  // namespace

void form_coalesced_groups(BlockRun& block) {
  std::vector<CoalescedWaiter>& waiters = block.coalesced_waiters;
  std::sort(waiters.begin(), waiters.end(), [](const CoalescedWaiter& a, const CoalescedWaiter& b) {
    if (a.linear / 32 != b.linear / 32) return a.linear / 32 < b.linear / 32;
    if (a.line != b.line) return a.line < b.line;
    int order = std::strcmp(a.file, b.file);
    return order != 0 ? order < 0 : a.linear < b.linear;
  });
  for (size_t begin = 0; begin < waiters.size();) {
    size_t end = begin + 1;
    while (end < waiters.size() && waiters[end].linear / 32 == waiters[begin].linear / 32 &&
           same_site(waiters[end], waiters[begin])) {
      ++end;
    }
    unsigned lanes = 0;
    for (size_t i = begin; i < end; ++i) lanes |= 1u << (waiters[i].linear & 31u);
    for (size_t i = begin; i < end; ++i) {
      std::memcpy(detail::group_slots()[waiters[i].linear].result, &lanes, sizeof lanes);
      make_ready(block, waiters[i].linear);
    }
    begin = end;
  }
  waiters.clear();
}

void reset_group_rendezvous(BlockRun& block) {
  for (GroupRun& group : block.groups) group.waiters.clear();
  block.coalesced_waiters.clear();
}

std::string describe_group_waits(const BlockRun& block) {
  std::string text;
  for (const GroupRun& group : block.groups) {
    if (group.waiters.empty()) continue;
    text += "; " + std::to_string(group.waiters.size()) + " of the " + std::to_string(group.count) +
            " threads of the tile of thread " + std::to_string(group.waiters[0]) +
            " wait at a tile collective for the others, which returned or wait elsewhere";
  }
  return text;
}

}  // namespace cucpu::runtime
