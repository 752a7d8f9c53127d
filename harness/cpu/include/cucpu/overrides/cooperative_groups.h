// Cooperative groups for the CPU backend, found before the toolkit's header
// (which is empty outside the CUDA compiler). Block and warp-tile groups map
// onto __syncthreads and the warp collectives; grid-wide groups are refused
// by the compiler driver, as the backend cannot keep all blocks resident.
#pragma once

#include "cucpu/builtins.h"
#include "cucpu/warp.h"

namespace cooperative_groups {

class thread_block {
 public:
  void sync() const { __syncthreads(); }
  unsigned long long thread_rank() const { return ::cucpu::detail::tls_context.linear; }
  unsigned long long size() const { return num_threads(); }
  unsigned long long num_threads() const { return (unsigned long long)blockDim.x * blockDim.y * blockDim.z; }
  dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  dim3 group_dim() const { return blockDim; }
  dim3 dim_threads() const { return blockDim; }
};

inline thread_block this_thread_block() { return thread_block(); }

// A tile of Size consecutive threads (Size a power of two, at most 32).
template <unsigned Size, class Parent = void>
class thread_block_tile {
  static_assert(Size >= 1 && Size <= 32 && (Size & (Size - 1)) == 0,
                "thread_block_tile: the CPU backend supports power-of-two tiles of at most 32 threads");

 public:
  thread_block_tile() = default;
  // Tiles carry no state, so the parent type is only a label.
  template <class Other>
  thread_block_tile(const thread_block_tile<Size, Other>&) {}
  static constexpr unsigned num_threads() { return Size; }
  static constexpr unsigned size() { return Size; }
  unsigned thread_rank() const { return ::cucpu::detail::tls_context.linear % Size; }
  unsigned meta_group_rank() const { return ::cucpu::detail::tls_context.linear / Size; }
  unsigned meta_group_size() const { return (blockDim.x * blockDim.y * blockDim.z + Size - 1) / Size; }
  void sync() const { __syncwarp(lane_mask()); }
  template <class T> T shfl(T value, int source) const { return __shfl_sync(lane_mask(), value, source, Size); }
  template <class T> T shfl_down(T value, unsigned delta) const {
    return __shfl_down_sync(lane_mask(), value, delta, Size);
  }
  template <class T> T shfl_up(T value, unsigned delta) const { return __shfl_up_sync(lane_mask(), value, delta, Size); }
  template <class T> T shfl_xor(T value, int mask) const { return __shfl_xor_sync(lane_mask(), value, mask, Size); }
  unsigned ballot(int predicate) const { return __ballot_sync(lane_mask(), predicate) >> tile_base(); }
  int any(int predicate) const { return __any_sync(lane_mask(), predicate); }
  int all(int predicate) const { return __all_sync(lane_mask(), predicate); }

 private:
  unsigned tile_base() const { return (::cucpu::detail::tls_context.linear % 32) / Size * Size; }
  unsigned lane_mask() const { return (Size == 32 ? ~0u : ((1u << Size) - 1)) << tile_base(); }
};

template <unsigned Size, class Parent>
thread_block_tile<Size> tiled_partition(const Parent&) {
  return thread_block_tile<Size>();
}

template <class Group>
void sync(const Group& group) {
  group.sync();
}

template <class T> struct plus { T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { T operator()(T a, T b) const { return b < a ? b : a; } };
template <class T> struct greater { T operator()(T a, T b) const { return a < b ? b : a; } };
template <class T> struct bit_and { T operator()(T a, T b) const { return a & b; } };
template <class T> struct bit_or { T operator()(T a, T b) const { return a | b; } };
template <class T> struct bit_xor { T operator()(T a, T b) const { return a ^ b; } };

// Butterfly reduction over a tile: every thread gets the result.
template <unsigned Size, class Parent, class T, class Op>
T reduce(const thread_block_tile<Size, Parent>& tile, T value, Op op) {
  for (unsigned offset = Size / 2; offset > 0; offset /= 2) value = op(value, tile.shfl_xor(value, int(offset)));
  return value;
}

}  // namespace cooperative_groups
