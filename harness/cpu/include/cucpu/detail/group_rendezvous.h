// The interface between cooperative groups larger than a warp (tiles of 64 to
// 1024 threads; cooperative_groups.h) and the runtime that suspends their
// threads until all have arrived (runtime/group_rendezvous.cc).
#pragma once

namespace cucpu::detail {

// Bytes a thread can exchange through one collective of a large group.
constexpr unsigned kGroupSlotBytes = 16;

// One thread's part in a large-group collective: its `value` in, its
// `result` out. Indexed by the thread's linear index in the block.
struct GroupSlot {
  alignas(16) unsigned char value[kGroupSlotBytes];
  alignas(16) unsigned char result[kGroupSlotBytes];
};

// The running block's slots, one per thread.
GroupSlot* group_slots();

// Suspends the calling thread until all `count` threads of its group (the
// threads [first, first + count) of the block) have arrived (`count` a power of two). The last to
// arrive calls complete(context), if given, before any member resumes: it
// reads the members' values and writes their results. A thread writes its own
// value before arriving and reads its own result after; since no member can
// complete the next rendezvous before every member has arrived at it, a
// result is never overwritten before its thread has read it.
void group_rendezvous(unsigned first, unsigned count, void (*complete)(void*), void* context);

// coalesced_threads(): the lanes of the caller's warp that call it at the
// same site (`file`:`line`) before anything else in the block can run; the
// caller suspends until then. Lanes that diverged to other code are not
// members, as on the GPU, where only the converged lanes are.
unsigned coalesced_lanes(const char* file, int line);

}  // namespace cucpu::detail
