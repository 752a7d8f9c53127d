// Warp collectives in split kernels (compiler/warp_slots.h). A kernel that
// runs as loops over its threads cannot suspend a lane mid-statement, so
// the compiler cuts each collective in two around a barrier it adds:
//
//     v += __shfl_down_sync(mask, v, 4);
// becomes
//     split_warp<3>::store(t, v); <barrier>  v += split_warp<3>::shfl<float>(t, whole, shfl_down, mask, 4, 32);
//
// (t: the thread's index in the block). Every thread stores its operand in its own slot of the collective's
// buffer; after the barrier (the end of one thread loop) every slot of the
// block is written, and each thread reads its source lane's. Each collective
// of a kernel has a buffer of its own (`Site`), so a read and the next
// collective's store in the same thread loop never meet. Results follow the
// fibers' rendezvous (runtime/warp.cc): a source outside the lane's segment
// or the mask gives the lane its own value; lanes past the block's last
// thread take no part.
#pragma once

#include <cstddef>
#include <cstring>
#include <type_traits>

#include "cucpu/detail/thread_context.h"
#include "cucpu/detail/warp_collective.h"

namespace cucpu::detail {

// The operand type of CUDA's __reduce_*_sync overloads: int stays int, the
// rest converts as to the unsigned overload.
inline int split_warp_reduce_operand(int value) { return value; }
inline unsigned split_warp_reduce_operand(unsigned value) { return value; }

// The lanes of the running thread's warp that take part: those in `mask`
// that exist (a block of 48 threads has a second warp of 16), and itself.
// `linear`: the running thread's index in its block (the thread loop's).
inline unsigned split_warp_group(unsigned mask, unsigned linear) {
  const unsigned first = linear & ~31u;
  const unsigned lanes = tls_context.start_count - first;
  const unsigned existing = lanes >= 32 ? ~0u : ((1u << lanes) - 1);
  return (mask & existing) | (1u << (linear & 31u));
}

// A full mask in a warp whose 32 lanes exist: the common case, where
// nothing but the segment rules decides the source.
inline bool split_warp_whole(unsigned mask, unsigned linear) {
  return mask == ~0u && (linear | 31u) < tls_context.start_count;
}

// Collective `Site` of a split kernel. (One template parameter, so that
// the rewritten statement has no comma between angle brackets, which the
// splitter's declaration parser would take for a second declarator.)
template <int Site>
struct split_warp {
  // The block's slots for operands of type T, one per thread. Per worker
  // thread, like __shared__ arrays: one block at a time. Reached through
  // T*, so g++ knows a slot store leaves the thread context and other
  // types' memory alone (a char buffer's would not).
  //
  // A warp's worth of spare slots on each side lets a shuffle read its
  // source and its own slot before choosing (below), as a vector loop does.
  template <class T>
  static T* slots() {
    static_assert(kShuffleOperand<T>, "warp collective: operand must be a trivially copyable type of at most 16 bytes");
    alignas(64) static thread_local unsigned char bytes[(32 + 1024 + 32) * sizeof(T)];
    return reinterpret_cast<T*>(bytes) + 32;
  }

  template <class T>
  static void store(std::size_t linear, const T& value) {
    slots<T>()[linear] = value;
  }

  // `whole_warps`: every warp of the block has its 32 lanes (the split
  // kernel's `cucpu_whole_warps`, a constant of the block, so that g++
  // takes the test out of the thread loop).
  template <class T>
  static T shfl(std::size_t linear, bool whole_warps, WarpOp op, unsigned mask, int argument, int width) {
    const unsigned lane = unsigned(linear) & 31u;
    const T* block = slots<T>();
    if (whole_warps && width == 32 && mask == ~0u) {
      // One segment per warp, no lane left out: what is left has no
      // branch: up and down read both candidates (a delta past 32 reads a
      // spare slot) and select, which vectorises.
      const unsigned delta = unsigned(argument) < 32u ? unsigned(argument) : 32u;
      switch (op) {
        case WarpOp::shfl_down: {
          // 64-bit indexes: affine in the thread loop, so these loads vectorise.
          const T source = block[linear + delta], own = block[linear];
          return lane + delta < 32u ? source : own;
        }
        case WarpOp::shfl_up: {
          const T source = block[std::ptrdiff_t(linear) - std::ptrdiff_t(delta)], own = block[linear];
          return lane >= delta ? source : own;
        }
        case WarpOp::shfl_xor: return block[linear ^ (unsigned(argument) & 31u)];
        case WarpOp::shfl_idx: return block[(linear & ~std::size_t{31}) | (unsigned(argument) & 31u)];
        default: break;
      }
    }
    const T* warp = block + (linear - lane);
    if (split_warp_whole(mask, unsigned(linear))) return warp[shuffle_source(op, lane, argument, width, ~0u)];
    return warp[shuffle_source(op, lane, argument, width, split_warp_group(mask, unsigned(linear)))];
  }

  // The predicates of the warp's participants as a ballot word.
  static unsigned ballot_word(unsigned group, unsigned first) {
    const unsigned* predicates = slots<unsigned>() + first;
    unsigned word = 0;
    for (unsigned lane = 0; lane < 32; ++lane) {
      if (((group >> lane) & 1u) && predicates[lane] != 0) word |= 1u << lane;
    }
    return word;
  }
  static unsigned ballot(unsigned linear, unsigned mask) {
    return ballot_word(split_warp_group(mask, linear), linear & ~31u);
  }
  static int any(unsigned linear, unsigned mask) { return ballot_word(split_warp_group(mask, linear), linear & ~31u) != 0; }
  static int all(unsigned linear, unsigned mask) {
    const unsigned group = split_warp_group(mask, linear);
    return ballot_word(group, linear & ~31u) == group;
  }

  template <class T>
  static T reduce(unsigned linear, WarpOp op, unsigned mask) {
    const unsigned group = split_warp_group(mask, linear);
    const T* values = slots<T>() + (linear & ~31u);
    bool any = false;
    T result{};
    for (unsigned lane = 0; lane < 32; ++lane) {
      if (!((group >> lane) & 1u)) continue;
      const T value = values[lane];
      if (!any) {
        result = value;
        any = true;
        continue;
      }
      switch (op) {
        case WarpOp::reduce_add: result = T(result + value); break;
        case WarpOp::reduce_and: result = T(result & value); break;
        case WarpOp::reduce_or: result = T(result | value); break;
        case WarpOp::reduce_xor: result = T(result ^ value); break;
        case WarpOp::reduce_min: result = value < result ? value : result; break;
        case WarpOp::reduce_max: result = value > result ? value : result; break;
        default: break;
      }
    }
    return result;
  }

  // Lanes (of the participants) whose operand has the same bytes as the
  // running thread's.
  template <class T>
  static unsigned match_any(unsigned linear, unsigned mask) {
    const unsigned group = split_warp_group(mask, linear);
    const T* values = slots<T>() + (linear & ~31u);
    unsigned word = 0;
    for (unsigned lane = 0; lane < 32; ++lane) {
      if (((group >> lane) & 1u) && std::memcmp(values + lane, values + (linear & 31u), sizeof(T)) == 0) {
        word |= 1u << lane;
      }
    }
    return word;
  }
};

}  // namespace cucpu::detail
