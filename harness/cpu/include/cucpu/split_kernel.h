// Runtime side of barrier splitting (compiler/split_barriers.h): a kernel
// whose barriers all sit at block-uniform places is rewritten so that one
// call runs the whole block, as a sequence of loops over its threads (one
// per stretch of code between barriers). The scheduler calls the kernel for
// the block's first thread as usual; split_block_begin/end tell it that the
// call ran them all, so it starts no other thread and waits at no barrier.
#pragma once

#include <algorithm>
#include <cstddef>
#include <limits>
#include <type_traits>
#include <utility>

#include "cucpu/detail/thread_context.h"

namespace cucpu::detail {

inline void split_block_begin() { tls_context.next_start = tls_context.start_count; }

// The scheduler counts the thread it started once this call returns.
inline void split_block_end() { tls_context.exited = tls_context.start_count - 1; }

// What holds where a block's threads run in natural order without lists
// (start_order null), told to g++: the launch checks (block at most 1024
// threads, 1024 x 1024 x 64; grid at most 65535 in y and z) and the
// scheduler's kNaturalLoopBlocksX (thread_context.h). With them, an index
// like blockIdx.x * blockDim.x + threadIdx.x, unsigned in CUDA, cannot wrap
// in 32 bits, and g++ sees the addresses made from it as consecutive across
// the thread loop: it vectorises the loop instead of gathering.
inline void assume_natural_loop_block(const ThreadContext& context) {
  if (context.block_dim.x > 1024 || context.block_dim.y > 1024 || context.block_dim.z > 64 ||
      context.block_idx.x >= kNaturalLoopBlocksX || context.block_idx.y >= 65535 || context.block_idx.z >= 65535) {
    __builtin_unreachable();
  }
}

// Runs `region(linear index)` for every thread of the block with threadIdx
// set: in increasing order, or in the block's start order where it has one
// (shuffled under CUCPU_SHUFFLE_SEED, so a missing barrier still shows).
// `Counter` (int or unsigned) is the type of the loop's counter along x:
// g++ splits a 1-D loop at a comparison of the thread index with a uniform
// value, and vectorises the halves, only when the comparison's signedness
// is the counter's, and sees a signed index made from threadIdx.x as
// consecutive only over a signed counter. The rewriter picks it from the
// kernel's own thread-index variables (thread_loops.h). The region
// takes the index as a std::size_t: per-thread storage indexed by it is then
// affine in the 2-D and 3-D loops too (an unsigned index counted across the
// rows might wrap, and g++ vectorises no access through its zero extension).
template <class Counter = unsigned, class Region>
inline void for_each_thread(Region&& region) {
  static_assert(std::is_same_v<Counter, int> || std::is_same_v<Counter, unsigned>);
  ThreadContext& context = tls_context;
  const unsigned count = context.start_count;
  if (context.start_order != nullptr) {
    for (unsigned i = 0; i < count; ++i) {
      unsigned linear = context.start_order[i];
      context.linear = linear;
      context.thread_idx = context.start_thread_idx[i];
      region(linear);
    }
    return;
  }
  assume_natural_loop_block(context);
  const unsigned size_x = context.block_dim.x, size_y = context.block_dim.y, size_z = context.block_dim.z;
  if (size_y == 1 && size_z == 1) {  // the common 1-D block: one store per thread
    context.thread_idx = uint3{0, 0, 0};
    const Counter threads = static_cast<Counter>(size_x);  // at most 1024
    for (Counter x = 0; x < threads; ++x) {
      context.thread_idx.x = static_cast<unsigned>(x);
      context.linear = static_cast<unsigned>(x);
      region(static_cast<unsigned>(x));
    }
    return;
  }
  std::size_t linear = 0;
  for (unsigned z = 0; z < size_z; ++z) {
    for (unsigned y = 0; y < size_y; ++y) {
      for (Counter x = 0; x < static_cast<Counter>(size_x); ++x, ++linear) {
        context.thread_idx = uint3{static_cast<unsigned>(x), y, z};
        context.linear = static_cast<unsigned>(linear);
        region(linear);
      }
    }
  }
}

// Runs `loop(r)`, where `r(linear)` calls `region(constants..., linear)`
// with each flag as std::true_type or std::false_type: one copy of the
// region per combination of the flags' values, so no copy branches on them.
// The flags are block constants a region tests in every thread (whether a
// thread has returned, whether the block is whole warps).
template <class Loop, class Region>
inline void with_block_constants(Loop&& loop, Region&& region) {
  loop(region);
}
template <class Loop, class Region, class... Flags>
inline void with_block_constants(Loop&& loop, Region&& region, bool flag, Flags... flags) {
  if (flag) {
    with_block_constants(loop, [&](auto... rest) { region(std::true_type{}, rest...); }, flags...);
  } else {
    with_block_constants(loop, [&](auto... rest) { region(std::false_type{}, rest...); }, flags...);
  }
}

// The rounds of a strided loop (compiler/barrier_regions.h, StridedLoop):
//   for (T k = start; k < bound; k += stride) body
// runs, per block, as
//   StridedRounds<T, W> rounds(bound, stride);
//   do { for each thread: for (T k = rounds.start(interleaved, start); k < bound; k += stride) { body
//        if (interleaved) break; } } while (rounds.next());
// with `interleaved` rounds.interleave() as a block constant. Interleaved,
// round r gives each thread its iteration r, counter start + r * stride,
// or, once the thread's loop is over, `bound` (so the body does not run);
// the rounds end after the first in which no thread has an iteration left.
// A round then walks consecutive elements where each thread on its own would
// stride through the whole array. Every thread runs its own iterations in
// its own order, so only the interleaving between threads changes, as with
// the block-uniform loops the splitter interchanges.
// W is the type `k < bound` compares in. The rounds hold a loop exactly
// only while bound and stride are at most half the range of W and of T;
// otherwise (a negative or huge bound, a stride below 1) one round runs each
// thread's whole loop as written. Offsets count in W's unsigned type: a
// signed counter may start anywhere down to W's minimum, so an offset may
// pass W's maximum (`k = threadIdx.x - 2147483000; k < 100; k += 1 << 29`
// has 5 iterations, its last at offset 2^31), never its unsigned range.
// With OwnElementsOnly (the race-checking build's storing loops whose start
// is threadIdx.x plus a uniform value, compiler/added_barriers.h) the rounds
// also need a 1-D block and a stride of at least its width: then no element
// `P[k]` is two threads', and the barriers between rounds hide nothing.
struct OwnElementsOnly {};

template <class W, bool = std::is_integral_v<W>>
struct RoundOffset {
  using type = W;  // not an integer: the rounds never run
};
template <class W>
struct RoundOffset<W, true> {
  using type = std::make_unsigned_t<W>;
};

template <class T, class W>
class StridedRounds {
  using Offset = typename RoundOffset<W>::type;

 public:
  StridedRounds(W bound, W stride) : m_bound(bound), m_stride(stride), m_interleave(exact()) {}
  StridedRounds(W bound, W stride, OwnElementsOnly) : StridedRounds(bound, stride) {
    const dim3& block = tls_context.block_dim;
    m_interleave = m_interleave && block.y == 1 && block.z == 1 &&
                   static_cast<unsigned long long>(m_stride) >= block.x;
  }

  bool interleave() const { return m_interleave; }

  T start(std::false_type, T first) const { return first; }
  T start(std::true_type, T first) {
    const W value = static_cast<W>(first);
    m_more |= runs(value, m_offset + static_cast<Offset>(m_stride));
    return runs(value, m_offset) ? static_cast<T>(static_cast<Offset>(value) + m_offset) : static_cast<T>(m_bound);
  }

  // Whether another round follows.
  bool next() {
    if (!m_interleave || !m_more) return false;
    m_offset += static_cast<Offset>(m_stride);
    m_more = false;
    return true;
  }

 private:
  // Does a thread whose counter starts at `first` have an iteration at
  // `offset` past it, first + offset < bound? bound - first is below W's
  // unsigned range (bound is at most half of W's maximum).
  bool runs(W first, Offset offset) const {
    return first < m_bound && offset < static_cast<Offset>(static_cast<Offset>(m_bound) - static_cast<Offset>(first));
  }

  bool exact() const {
    if constexpr (!std::is_integral_v<W> || !std::is_integral_v<T>) {
      return false;
    } else {
      if (m_stride < W{1}) return false;
      if constexpr (std::is_signed_v<W>) {
        if (m_bound < W{0}) return false;
      }
      // Then bound + stride fits both types: no sum here, and no counter
      // in the thread's own loop, wraps.
      const unsigned long long half =
          std::min<unsigned long long>(std::numeric_limits<T>::max(), std::numeric_limits<W>::max()) / 2;
      return static_cast<unsigned long long>(m_bound) <= half && static_cast<unsigned long long>(m_stride) <= half;
    }
  }

  W m_bound, m_stride;
  Offset m_offset{0};
  bool m_interleave;
  bool m_more = false;
};

// A jammed loop (compiler/barrier_regions.h, JammedLoop), `for (T k =
// init; k < bound; ++k)` interchanged around a thread loop, runs
//   for (T j = init; j < bound; j += jammed_iterations(j, bound)) {
//     n = jammed_iterations(j, bound);
//     for each thread: for (u = 0; u < n; ++u) { T k = j + u; body } }
// with n == kJammedIterations a block constant, so g++ unrolls that copy.
// The count is what is left before `bound` (k < bound holds), at most
// kJammedIterations, counted in the unsigned type of the comparison: no
// counter steps past `bound`, so none overflows.
constexpr unsigned kJammedIterations = 4;

template <class T, class B>
inline unsigned jammed_iterations(T k, B bound) {
  using W = decltype(k + bound);  // the type `k < bound` compares in
  using U = std::make_unsigned_t<W>;
  const U left = static_cast<U>(static_cast<W>(bound)) - static_cast<U>(static_cast<W>(k));
  return left < kJammedIterations ? static_cast<unsigned>(left) : kJammedIterations;
}

// Runs `region(linear index)` for the threads in `list` (in its order, the
// order the threads were run in when the list was made), with threadIdx
// set: the threads inside a guard (compiler/barrier_regions.h).
// In increasing order with no gap (`if (warp == 0)`, `if (tid < s)` in a
// 1-D block, run in natural order) the list is a range, and a plain loop
// over it vectorises where the list's indirection would not.
template <class Region>
inline void for_each_listed_thread(const unsigned* list, unsigned count, Region&& region) {
  ThreadContext& context = tls_context;
  if (count != 0 && context.start_order == nullptr && context.block_dim.y == 1 && context.block_dim.z == 1 &&
      list[count - 1] - list[0] == count - 1) {
    // Natural order lists threads in increasing order, so equal spans mean
    // every thread in between is listed.
    assume_natural_loop_block(context);
    const unsigned first = list[0], end = list[0] + count;
    context.thread_idx = uint3{0, 0, 0};
    for (unsigned x = first; x < end; ++x) {
      context.thread_idx.x = x;
      context.linear = x;
      region(std::size_t{x});
    }
    return;
  }
  for (unsigned i = 0; i < count; ++i) {
    const unsigned linear = list[i];
    set_thread_index(context, linear);
    region(linear);
  }
}

// The list of a guard whose condition is the same in every block of a
// launch (`if (lane == 0)`: the thread index, blockDim, constants and
// unchanged parameters; compiler/barrier_regions.h): a worker makes it for
// the first block of a launch it runs in natural order and keeps it for the
// launch's later blocks, so a guard that keeps 8 threads of 256 costs a loop
// over 8, not a pass over 256 to find them. Lists in a start order (the
// shuffled pass) are made per block. In the kernel:
//   if (kept.stale()) { count = 0; <header loop lists threads>; kept.keep(count); } else count = kept.count();
class LaunchGuardList {
 public:
  bool stale() const { return tls_context.start_order != nullptr || tls_context.launch != m_launch; }
  void keep(unsigned count) {
    m_launch = tls_context.start_order == nullptr ? tls_context.launch : 0;
    m_count = count;
  }
  unsigned count() const { return m_count; }

 private:
  unsigned long long m_launch = 0;  // ThreadContext::launch, 0 for none
  unsigned m_count = 0;
};

// The threads of a guard's list one warp at a time (a per-warp guard,
// compiler/barrier_regions.h): regroups the list in place so that each
// warp's threads are adjacent, warps in the order of their first listed
// thread and threads in list order, and steps through the warps:
//   for (ListedWarps warps(list, count); warps.next();) run(warps.list(), warps.count());
// A warp is 32 consecutive linear thread indexes, as on a GPU.
class ListedWarps {
 public:
  ListedWarps(unsigned* list, unsigned count) : m_list(list), m_count(count) { group_by_warp(); }

  bool next() {
    m_begin = m_end;
    if (m_begin >= m_count) return false;
    const unsigned warp = m_list[m_begin] / 32;
    m_end = m_begin + 1;
    while (m_end < m_count && m_list[m_end] / 32 == warp) ++m_end;
    return true;
  }
  const unsigned* list() const { return m_list + m_begin; }
  unsigned count() const { return m_end - m_begin; }

 private:
  static constexpr unsigned kMaxWarps = 32;  // 1024 threads

  void group_by_warp() {
    // Natural order lists threads in increasing order: grouped already.
    unsigned seen = 0, previous = kMaxWarps;
    bool grouped = true;
    for (unsigned i = 0; i < m_count && grouped; ++i) {
      const unsigned warp = m_list[i] / 32;
      if (warp != previous && (seen >> warp & 1u)) grouped = false;
      seen |= 1u << warp;
      previous = warp;
    }
    if (grouped) return;
    unsigned rank[kMaxWarps], start[kMaxWarps + 1] = {}, warps = 0;
    for (unsigned& r : rank) r = kMaxWarps;
    for (unsigned i = 0; i < m_count; ++i) {
      unsigned& r = rank[m_list[i] / 32];
      if (r == kMaxWarps) r = warps++;
      ++start[r + 1];
    }
    for (unsigned w = 0; w < warps; ++w) start[w + 1] += start[w];
    unsigned grouped_list[kMaxWarps * 32];
    for (unsigned i = 0; i < m_count; ++i) grouped_list[start[rank[m_list[i] / 32]]++] = m_list[i];
    for (unsigned i = 0; i < m_count; ++i) m_list[i] = grouped_list[i];
  }

  unsigned* m_list;
  unsigned m_count;
  unsigned m_begin = 0, m_end = 0;
};

}  // namespace cucpu::detail
