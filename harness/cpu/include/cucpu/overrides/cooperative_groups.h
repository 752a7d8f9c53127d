// Cooperative groups for the CPU backend, found before the toolkit's header
// (which is empty outside the CUDA compiler).
//
// - thread_block: __syncthreads.
// - Tiles of up to 32 threads, coalesced groups and their partitions: the
//   warp collectives with the group's lane mask (warp.h).
// - Tiles of 64 to 1024 threads: a rendezvous of the tile's threads
//   (detail/group_rendezvous.h); the last to arrive computes every member's
//   result of a shuffle, vote, reduction or scan.
// - coalesced_threads(): the lanes of the warp that reach the same call
//   before anything else in the block can run (runtime/group_rendezvous.cc).
// - memcpy_async copies at once; wait/wait_prior only sync the group.
// - grid_group::sync(): a barrier across the blocks of a cooperative launch,
//   each block on an OS thread of its own (runtime/cooperative_launch.cc).
#pragma once

#include <cstddef>
#include <cstring>
#include <type_traits>

#include "cucpu/builtins.h"
#include "cucpu/detail/group_rendezvous.h"
#include "cucpu/warp.h"

namespace cooperative_groups {

namespace details {

enum group_type : unsigned { coalesced_group_id = 1, thread_block_id = 3, multi_tile_group_id = 4 };

inline unsigned block_rank() { return ::cucpu::detail::tls_context.linear; }
inline unsigned block_threads() { return blockDim.x * blockDim.y * blockDim.z; }
inline unsigned lane() { return block_rank() & 31u; }
inline unsigned lanes_below() { return (1u << lane()) - 1u; }

// The lane holding the `rank`-th member of `mask` (32 when there is none).
inline unsigned lane_of_rank(unsigned mask, unsigned rank) {
  for (; rank > 0 && mask != 0; --rank) mask &= mask - 1;
  return mask == 0 ? 32u : unsigned(__builtin_ctz(mask));
}

// Bit r of the result is the bit of `lanes` at the r-th member of `mask`.
inline unsigned pack_lanes(unsigned mask, unsigned lanes) {
  unsigned packed = 0, rank = 0;
  for (unsigned bit = 0; bit < 32; ++bit) {
    if ((mask >> bit) & 1u) packed |= ((lanes >> bit) & 1u) << rank++;
  }
  return packed;
}

[[noreturn]] inline void invalid_group(const char* what) { ::cucpu::detail::trap(what); }

template <class T>
void check_exchangeable() {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) <= ::cucpu::detail::kGroupSlotBytes,
                "cooperative groups: values exchanged in a collective must be trivially copyable and at most 16 "
                "bytes");
}

// A collective of the `count` threads [first, first + count) of the block:
// each member passes `value`, the last to arrive runs compute(values,
// results, count) over the members in rank order, and each member gets its
// result. Used for tiles larger than a warp.
template <class T, class Result, class Compute>
Result large_collective(unsigned first, unsigned count, const T& value, Compute compute) {
  check_exchangeable<T>();
  check_exchangeable<Result>();
  ::cucpu::detail::GroupSlot* slots = ::cucpu::detail::group_slots();
  std::memcpy(slots[block_rank()].value, &value, sizeof(T));
  struct Context {
    ::cucpu::detail::GroupSlot* members;
    unsigned count;
    Compute* compute;
  } context{slots + first, count, &compute};
  ::cucpu::detail::group_rendezvous(
      first, count,
      [](void* raw) {
        Context& c = *static_cast<Context*>(raw);
        (*c.compute)(c.members, c.count);
      },
      &context);
  Result result;
  std::memcpy(&result, slots[block_rank()].result, sizeof(Result));
  return result;
}

template <class T>
T slot_value(const ::cucpu::detail::GroupSlot& slot) {
  T value;
  std::memcpy(&value, slot.value, sizeof(T));
  return value;
}
template <class T>
void set_result(::cucpu::detail::GroupSlot& slot, const T& value) {
  std::memcpy(slot.result, &value, sizeof(T));
}

}  // namespace details

// The type-erased group: a thread block, or a group within one warp
// (coalesced groups and tiles of up to 32 threads).
class thread_group {
 public:
  unsigned long long size() const { return num_threads(); }
  unsigned long long num_threads() const {
    return m_type == details::thread_block_id ? details::block_threads() : unsigned(__builtin_popcount(m_mask));
  }
  unsigned long long thread_rank() const {
    return m_type == details::thread_block_id ? details::block_rank()
                                             : unsigned(__builtin_popcount(m_mask & details::lanes_below()));
  }
  void sync() const {
    if (m_type == details::thread_block_id) {
      __syncthreads();
    } else {
      __syncwarp(m_mask);
    }
  }
  unsigned get_type() const { return m_type; }

 protected:
  explicit thread_group(unsigned type, unsigned mask = 0, unsigned meta_rank = 0, unsigned meta_size = 1,
                        bool tiled = false)
      : m_type(type), m_mask(mask), m_meta_rank(meta_rank), m_meta_size(meta_size), m_tiled(tiled) {}

  unsigned m_type;
  unsigned m_mask;  // lanes of the caller's warp (groups within a warp)
  unsigned m_meta_rank;
  unsigned m_meta_size;
  bool m_tiled;  // the lanes are a contiguous tile of the warp

  friend class coalesced_group;
  friend thread_group tiled_partition(const thread_group& parent, unsigned tile_size);
};

template <unsigned MaxBlockSize = 1024>
struct block_tile_memory {
  // The GPU keeps the barrier and exchange slots of tiles larger than a warp
  // here before sm_80; the CPU backend keeps them in the runtime.
};

class thread_block : public thread_group {
 public:
  thread_block() : thread_group(details::thread_block_id) {}
  static constexpr unsigned _group_id = details::thread_block_id;
  static void sync() { __syncthreads(); }
  static unsigned thread_rank() { return details::block_rank(); }
  static unsigned size() { return num_threads(); }
  static unsigned num_threads() { return details::block_threads(); }
  static dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  static dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  static dim3 group_dim() { return blockDim; }
  static dim3 dim_threads() { return blockDim; }
};

// The whole grid: ranks and sizes across blocks. Its sync() needs every
// block resident at once, which a cooperative launch gives (each block runs
// on a thread of its own: runtime/cooperative_launch.cc); in any other launch
// it traps, naming the kernel, where a GPU's would hang or fault.
class grid_group {
 public:
  static unsigned long long thread_rank() {
    return block_rank() * num_threads_per_block() + details::block_rank();
  }
  static unsigned long long size() { return num_threads(); }
  static unsigned long long num_threads() { return num_blocks() * num_threads_per_block(); }
  static unsigned long long block_rank() {
    return (unsigned long long)(blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  }
  static unsigned long long num_blocks() { return (unsigned long long)gridDim.x * gridDim.y * gridDim.z; }
  static dim3 group_dim() { return gridDim; }
  static dim3 dim_blocks() { return gridDim; }
  static dim3 block_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  static dim3 dim_threads() { return dim3(gridDim.x * blockDim.x, gridDim.y * blockDim.y, gridDim.z * blockDim.z); }
  static bool is_valid() { return ::cucpu::detail::launch_is_cooperative(); }
  // The call site tells a grid.sync() from a __syncthreads() that other
  // threads of the block wait at (barrier divergence).
  static void sync(const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
    ::cucpu::detail::grid_sync(file, line);
  }

 private:
  static unsigned long long num_threads_per_block() { return details::block_threads(); }
};

inline grid_group this_grid() { return grid_group(); }

inline thread_block this_thread_block() { return thread_block(); }
template <unsigned MaxBlockSize>
thread_block this_thread_block(block_tile_memory<MaxBlockSize>&) {
  return thread_block();
}

// Threads of one warp named by a lane mask; ranks follow the lanes.
class coalesced_group : public thread_group {
 public:
  static constexpr unsigned _group_id = details::coalesced_group_id;
  explicit coalesced_group(unsigned mask, unsigned meta_rank = 0, unsigned meta_size = 1, bool tiled = false)
      : thread_group(details::coalesced_group_id, mask, meta_rank, meta_size, tiled) {}

  unsigned num_threads() const { return unsigned(__builtin_popcount(m_mask)); }
  unsigned size() const { return num_threads(); }
  unsigned thread_rank() const { return unsigned(__builtin_popcount(m_mask & details::lanes_below())); }
  unsigned meta_group_rank() const { return m_meta_rank; }
  unsigned meta_group_size() const { return m_meta_size; }
  unsigned get_mask() const { return m_mask; }
  void sync() const { __syncwarp(m_mask); }

  template <class T>
  T shfl(T value, unsigned source_rank) const {
    return __shfl_sync(m_mask, value, int(lane_or_own(source_rank)));
  }
  template <class T>
  T shfl_down(T value, unsigned delta) const {
    unsigned rank = thread_rank() + delta;
    return __shfl_sync(m_mask, value, int(rank < num_threads() ? lane_or_own(rank) : details::lane()));
  }
  template <class T>
  T shfl_up(T value, unsigned delta) const {
    unsigned rank = thread_rank();
    return __shfl_sync(m_mask, value, int(rank >= delta ? lane_or_own(rank - delta) : details::lane()));
  }
  int any(int predicate) const { return __any_sync(m_mask, predicate); }
  int all(int predicate) const { return __all_sync(m_mask, predicate); }
  unsigned ballot(int predicate) const { return details::pack_lanes(m_mask, __ballot_sync(m_mask, predicate)); }
  template <class T>
  unsigned match_any(T value) const {
    return details::pack_lanes(m_mask, match_lanes(value));
  }
  template <class T>
  unsigned match_all(T value, int& predicate) const {
    unsigned same = match_lanes(value);
    predicate = same == m_mask;
    return predicate ? details::pack_lanes(m_mask, m_mask) : 0u;
  }

  // The lanes of the group whose value equals the caller's (64-bit values
  // match on both halves).
  template <class T>
  unsigned match_lanes(T value) const {
    static_assert(std::is_integral_v<T> || std::is_pointer_v<T>, "match_any/labeled_partition: integral or pointer");
    unsigned long long wide = (unsigned long long)(value);
    unsigned same = __match_any_sync(m_mask, unsigned(wide));
    if (sizeof(T) > 4) same &= __match_any_sync(m_mask, unsigned(wide >> 32));
    return same;
  }

 private:
  unsigned lane_or_own(unsigned rank) const {
    unsigned lane = details::lane_of_rank(m_mask, rank % num_threads());
    return lane < 32 ? lane : details::lane();
  }
};

inline coalesced_group coalesced_threads(const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  if (::cucpu::detail::tls_context.block == nullptr) return coalesced_group(1u << details::lane());
  return coalesced_group(::cucpu::detail::coalesced_lanes(file, line));
}

// A tile of Size consecutive threads of the block (Size a power of two up to
// 1024; ranks follow the block's linear thread index).
template <unsigned Size, class Parent = void, bool MultiWarp = (Size > 32)>
class thread_block_tile;

// Tiles within a warp: a coalesced group whose lanes are a contiguous tile.
template <unsigned Size, class Parent>
class thread_block_tile<Size, Parent, false> : public coalesced_group {
  static_assert(Size >= 1 && (Size & (Size - 1)) == 0, "thread_block_tile: Size must be a power of two");

 public:
  static constexpr unsigned _group_id = details::coalesced_group_id;
  thread_block_tile() : coalesced_group(lane_mask(), details::block_rank() / Size, block_tiles(), true) {}
  thread_block_tile(unsigned meta_rank, unsigned meta_size) : coalesced_group(lane_mask(), meta_rank, meta_size, true) {}
  template <class OtherParent>
  thread_block_tile(const thread_block_tile<Size, OtherParent, false>& other)
      : coalesced_group(lane_mask(), other.meta_group_rank(), other.meta_group_size(), true) {}

  static constexpr unsigned num_threads() { return Size; }
  static constexpr unsigned size() { return Size; }
  static unsigned thread_rank() { return details::block_rank() & (Size - 1); }
  static void sync() { __syncwarp(lane_mask()); }
  template <class T> T shfl(T value, int source) const { return __shfl_sync(lane_mask(), value, source, Size); }
  template <class T> T shfl_down(T value, unsigned delta) const {
    return __shfl_down_sync(lane_mask(), value, delta, Size);
  }
  template <class T> T shfl_up(T value, unsigned delta) const { return __shfl_up_sync(lane_mask(), value, delta, Size); }
  template <class T> T shfl_xor(T value, unsigned mask) const {
    return __shfl_xor_sync(lane_mask(), value, int(mask), Size);
  }
  unsigned ballot(int predicate) const { return __ballot_sync(lane_mask(), predicate) >> tile_base(); }
  int any(int predicate) const { return __any_sync(lane_mask(), predicate); }
  int all(int predicate) const { return __all_sync(lane_mask(), predicate); }
  template <class T>
  unsigned match_any(T value) const {
    return match_lanes(value) >> tile_base();
  }
  template <class T>
  unsigned match_all(T value, int& predicate) const {
    unsigned same = match_lanes(value);
    predicate = same == lane_mask();
    return predicate ? same >> tile_base() : 0u;
  }

 private:
  static unsigned block_tiles() { return (details::block_threads() + Size - 1) / Size; }
  static unsigned tile_base() { return details::lane() / Size * Size; }
  static unsigned lane_mask() { return (Size == 32 ? ~0u : ((1u << Size) - 1)) << tile_base(); }
};

// Tiles of 64 to 1024 threads: collectives are rendezvous of the tile.
template <unsigned Size, class Parent>
class thread_block_tile<Size, Parent, true> {
  static_assert(Size <= 1024 && (Size & (Size - 1)) == 0,
                "thread_block_tile: Size must be a power of two of at most 1024");

 public:
  static constexpr unsigned _group_id = details::multi_tile_group_id;
  thread_block_tile() : thread_block_tile(details::block_rank() / Size, details::block_threads() / Size) {}
  thread_block_tile(unsigned meta_rank, unsigned meta_size) : m_meta_rank(meta_rank), m_meta_size(meta_size) {
    if (details::block_threads() % Size != 0) {
      details::invalid_group(
          "thread_block_tile of more than 32 threads in a block whose thread count is not a multiple of the tile "
          "size (its last tile could never sync)");
    }
  }
  template <class OtherParent>
  thread_block_tile(const thread_block_tile<Size, OtherParent, true>& other)
      : m_meta_rank(other.meta_group_rank()), m_meta_size(other.meta_group_size()) {}

  static constexpr unsigned num_threads() { return Size; }
  static constexpr unsigned size() { return Size; }
  static unsigned thread_rank() { return details::block_rank() & (Size - 1); }
  unsigned meta_group_rank() const { return m_meta_rank; }
  unsigned meta_group_size() const { return m_meta_size; }
  static void sync() { ::cucpu::detail::group_rendezvous(first(), Size, nullptr, nullptr); }

  template <class T>
  T shfl(T value, unsigned source) const {
    // Each member's source travels in its result slot, which is free until
    // the rendezvous completes.
    unsigned source_rank = source & (Size - 1);
    std::memcpy(::cucpu::detail::group_slots()[details::block_rank()].result, &source_rank, sizeof source_rank);
    return collective<T>(value, [](::cucpu::detail::GroupSlot* members, unsigned count) {
      for (unsigned rank = 0; rank < count; ++rank) {
        unsigned from;
        std::memcpy(&from, members[rank].result, sizeof from);
        std::memcpy(members[rank].result, members[from].value, ::cucpu::detail::kGroupSlotBytes);
      }
    });
  }
  int any(int predicate) const { return vote(predicate != 0, false); }
  int all(int predicate) const { return vote(predicate != 0, true); }

  // The collective behind shfl, votes, reduce and the scans.
  template <class Result, class T, class Compute>
  Result collective(const T& value, Compute compute) const {
    return details::large_collective<T, Result>(first(), Size, value, compute);
  }

 private:
  static unsigned first() { return details::block_rank() & ~(Size - 1); }
  int vote(int predicate, bool every) const {
    return collective<int>(predicate, [every](::cucpu::detail::GroupSlot* members, unsigned count) {
      int result = every ? 1 : 0;
      for (unsigned rank = 0; rank < count; ++rank) {
        int value = details::slot_value<int>(members[rank]);
        result = every ? (result && value) : (result || value);
      }
      for (unsigned rank = 0; rank < count; ++rank) details::set_result(members[rank], result);
    });
  }

  unsigned m_meta_rank;
  unsigned m_meta_size;
};

inline thread_block_tile<1> this_thread() { return thread_block_tile<1>(); }

namespace details {
template <class Group>
unsigned parent_rank(const Group& parent) {
  return unsigned(parent.thread_rank());
}
}  // namespace details

template <unsigned Size, class Parent>
thread_block_tile<Size, Parent> tiled_partition(const Parent& parent) {
  static_assert(!std::is_same_v<Parent, coalesced_group> && !std::is_same_v<Parent, thread_group>,
                "tiled_partition<N>: the parent must be a thread_block or a thread_block_tile");
  unsigned parent_size = unsigned(parent.num_threads());
  return thread_block_tile<Size, Parent>(details::parent_rank(parent) / Size, (parent_size + Size - 1) / Size);
}

// Tiles of a coalesced group: consecutive ranks (CUDA's rule for groups whose
// lanes are not a contiguous tile).
inline coalesced_group tiled_partition(const coalesced_group& parent, unsigned tile_size) {
  if (tile_size == 0 || tile_size > 32 || (tile_size & (tile_size - 1)) != 0) {
    details::invalid_group("tiled_partition(group, n): n must be a power of two of at most 32");
  }
  unsigned parent_size = parent.num_threads();
  if (parent_size <= tile_size) return parent;
  unsigned rank = parent.thread_rank();
  unsigned first_rank = rank / tile_size * tile_size;
  unsigned mask = 0;
  for (unsigned r = first_rank; r < first_rank + tile_size && r < parent_size; ++r) {
    mask |= 1u << details::lane_of_rank(parent.get_mask(), r);
  }
  return coalesced_group(mask, rank / tile_size, (parent_size + tile_size - 1) / tile_size, false);
}

// The dynamic form: tiles of up to 32 threads, as on the GPU (which aborts
// the kernel for larger sizes).
inline thread_group tiled_partition(const thread_group& parent, unsigned tile_size) {
  if (tile_size == 0 || tile_size > 32 || (tile_size & (tile_size - 1)) != 0) {
    details::invalid_group("tiled_partition(group, n): n must be a power of two of at most 32");
  }
  if (parent.get_type() == details::coalesced_group_id && !parent.m_tiled) {
    return tiled_partition(coalesced_group(parent.m_mask, parent.m_meta_rank, parent.m_meta_size, false), tile_size);
  }
  unsigned rank = unsigned(parent.thread_rank());
  unsigned parent_size = unsigned(parent.num_threads());
  unsigned base = rank / tile_size * tile_size;
  unsigned length = parent_size - base < tile_size ? parent_size - base : tile_size;
  unsigned mask = (length == 32 ? ~0u : ((1u << length) - 1)) << (details::lane() & ~(tile_size - 1));
  return coalesced_group(mask, rank / tile_size, (parent_size + tile_size - 1) / tile_size, true);
}
inline thread_group tiled_partition(const thread_block& parent, unsigned tile_size) {
  return tiled_partition(static_cast<const thread_group&>(parent), tile_size);
}

// Splits a group within a warp by a predicate; the true side has meta rank 1.
inline coalesced_group binary_partition(const coalesced_group& group, bool predicate) {
  unsigned mask = group.get_mask();
  unsigned true_lanes = __ballot_sync(mask, predicate);
  if (true_lanes == mask || true_lanes == 0) return coalesced_group(mask, 0, 1);
  return coalesced_group(predicate ? true_lanes : mask & ~true_lanes, predicate ? 1u : 0u, 2);
}
template <unsigned Size, class Parent>
coalesced_group binary_partition(const thread_block_tile<Size, Parent>& tile, bool predicate) {
  static_assert(Size <= 32, "binary_partition: tiles of at most 32 threads");
  return binary_partition(static_cast<const coalesced_group&>(tile), predicate);
}

// Splits a group within a warp into the threads with equal labels; meta
// ranks order the subgroups by their lowest lane.
template <class Label>
coalesced_group labeled_partition(const coalesced_group& group, Label label) {
  static_assert(std::is_integral_v<Label> || std::is_pointer_v<Label>,
                "labeled_partition: the label must be an integral or pointer type");
  unsigned mask = group.get_mask();
  unsigned same = group.match_lanes(label);
  unsigned leader = unsigned(__builtin_ctz(same));
  unsigned leaders = __ballot_sync(mask, leader == details::lane());
  return coalesced_group(same, unsigned(__builtin_popcount(leaders & ((1u << leader) - 1))),
                         unsigned(__builtin_popcount(leaders)));
}
template <class Label, unsigned Size, class Parent>
coalesced_group labeled_partition(const thread_block_tile<Size, Parent>& tile, Label label) {
  static_assert(Size <= 32, "labeled_partition: tiles of at most 32 threads");
  return labeled_partition(static_cast<const coalesced_group&>(tile), label);
}

template <class Group>
void sync(const Group& group) {
  group.sync();
}
inline void sync(const grid_group&, const char* file = __builtin_FILE(), int line = __builtin_LINE()) {
  ::cucpu::detail::grid_sync(file, line);
}
template <class Group>
auto thread_rank(const Group& group) -> decltype(group.thread_rank()) {
  return group.thread_rank();
}
template <class Group>
auto group_size(const Group& group) -> decltype(group.num_threads()) {
  return group.num_threads();
}

template <class T> struct plus { T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { T operator()(T a, T b) const { return b < a ? b : a; } };
template <class T> struct greater { T operator()(T a, T b) const { return a < b ? b : a; } };
template <class T> struct bit_and { T operator()(T a, T b) const { return a & b; } };
template <class T> struct bit_or { T operator()(T a, T b) const { return a | b; } };
template <class T> struct bit_xor { T operator()(T a, T b) const { return a ^ b; } };

namespace details {

template <class T>
using plain = std::remove_cv_t<std::remove_reference_t<T>>;

// Groups within a warp: shuffles in rank order, so the operator is applied
// to members in rank order (only associativity is assumed).
template <class Group, class T, class Op>
T warp_reduce(const Group& group, T value, Op& op) {
  unsigned size = group.num_threads(), rank = group.thread_rank();
  for (unsigned offset = 1; offset < size; offset *= 2) {
    T other = group.shfl_down(value, offset);
    if (rank + offset < size && rank % (2 * offset) == 0) value = op(value, other);
  }
  return group.shfl(value, 0);
}

template <class Group, class T, class Op>
T warp_inclusive_scan(const Group& group, T value, Op& op) {
  unsigned size = group.num_threads(), rank = group.thread_rank();
  for (unsigned offset = 1; offset < size; offset *= 2) {
    T other = group.shfl_up(value, offset);
    if (rank >= offset) value = op(other, value);
  }
  return value;
}

template <class Group, class T, class Op>
T large_scan(const Group& group, T value, Op& op, bool inclusive) {
  return group.template collective<T>(value, [&op, inclusive](::cucpu::detail::GroupSlot* members, unsigned count) {
    T running = slot_value<T>(members[0]);
    set_result(members[0], inclusive ? running : T{});
    for (unsigned rank = 1; rank < count; ++rank) {
      T current = slot_value<T>(members[rank]);
      T next = op(running, current);
      set_result(members[rank], inclusive ? next : running);
      running = next;
    }
  });
}

template <class Group>
constexpr bool is_large_tile = plain<Group>::_group_id == multi_tile_group_id;

template <class Group>
void check_collective_group() {
  static_assert(plain<Group>::_group_id != thread_block_id,
                "cg::reduce / cg::inclusive_scan / cg::exclusive_scan take a thread_block_tile or a "
                "coalesced_group, not a thread_block");
}

// inclusive_scan (kInclusive) or exclusive_scan over any tile or coalesced
// group: one collective for tiles larger than a warp, shuffles otherwise.
template <bool kInclusive, class Group, class T, class Op>
T scan(const Group& group, T value, Op& op) {
  check_collective_group<Group>();
  if constexpr (is_large_tile<Group>) {
    return large_scan(group, value, op, kInclusive);
  } else {
    T inclusive = warp_inclusive_scan(group, value, op);
    if constexpr (kInclusive) {
      return inclusive;
    } else {
      T previous = group.shfl_up(inclusive, 1);
      return group.thread_rank() == 0 ? T{} : previous;
    }
  }
}

}  // namespace details

// Every member gets op applied over all members' values.
template <class Group, class T, class Op>
auto reduce(const Group& group, T&& value, Op&& op) -> details::plain<decltype(op(value, value))> {
  using Value = details::plain<decltype(op(value, value))>;
  details::check_collective_group<Group>();
  if constexpr (details::is_large_tile<Group>) {
    return group.template collective<Value>(Value(value), [&op](::cucpu::detail::GroupSlot* members, unsigned count) {
      Value total = details::slot_value<Value>(members[0]);
      for (unsigned rank = 1; rank < count; ++rank) total = op(total, details::slot_value<Value>(members[rank]));
      for (unsigned rank = 0; rank < count; ++rank) details::set_result(members[rank], total);
    });
  } else {
    return details::warp_reduce(group, Value(value), op);
  }
}

// Member r gets op over the values of ranks 0..r.
template <class Group, class T, class Op>
auto inclusive_scan(const Group& group, T&& value, Op&& op) -> details::plain<decltype(op(value, value))> {
  return details::scan<true>(group, details::plain<decltype(op(value, value))>(value), op);
}
template <class Group, class T>
details::plain<T> inclusive_scan(const Group& group, T&& value) {
  return inclusive_scan(group, value, plus<details::plain<T>>());
}

// Member r gets op over the values of ranks 0..r-1; rank 0 gets T{}.
template <class Group, class T, class Op>
auto exclusive_scan(const Group& group, T&& value, Op&& op) -> details::plain<decltype(op(value, value))> {
  return details::scan<false>(group, details::plain<decltype(op(value, value))>(value), op);
}
template <class Group, class T>
details::plain<T> exclusive_scan(const Group& group, T&& value) {
  return exclusive_scan(group, value, plus<details::plain<T>>());
}

// memcpy_async: the group's members copy their shares at once, so the data
// is in place before wait() (which, as on the GPU, also syncs the group).
template <class Group, class T, class Bytes>
void memcpy_async(const Group& group, T* destination, const T* source, const Bytes& bytes) {
  std::size_t total = static_cast<std::size_t>(bytes);
  std::size_t members = std::size_t(group.num_threads());
  std::size_t share = (total + members - 1) / members;
  std::size_t begin = std::size_t(group.thread_rank()) * share;
  if (begin >= total) return;
  std::size_t count = total - begin < share ? total - begin : share;
  std::memcpy(reinterpret_cast<char*>(destination) + begin, reinterpret_cast<const char*>(source) + begin, count);
}
// The form with element counts for each side: copies the smaller.
template <class Group, class T, class DestinationCount, class SourceCount>
void memcpy_async(const Group& group, T* destination, const DestinationCount& destination_count, const T* source,
                  const SourceCount& source_count) {
  std::size_t elements = static_cast<std::size_t>(destination_count) < static_cast<std::size_t>(source_count)
                             ? static_cast<std::size_t>(destination_count)
                             : static_cast<std::size_t>(source_count);
  memcpy_async(group, destination, source, elements * sizeof(T));
}
template <unsigned Stage, class Group>
void wait_prior(const Group& group) {
  group.sync();
}
template <class Group>
void wait(const Group& group) {
  group.sync();
}

}  // namespace cooperative_groups
