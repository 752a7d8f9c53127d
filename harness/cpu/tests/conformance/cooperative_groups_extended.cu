// Cooperative groups beyond blocks and warp tiles: tiles of 4 to 1024
// threads (thread_rank, meta group, sync, shfl, any, all, reduce and scans
// with every cg operator), block_tile_memory, the type-erased thread_group
// with the dynamic tiled_partition(parent, n), cg::sync, memcpy_async with
// wait / wait_prior, coalesced_threads() in a divergent branch (warp-
// aggregated atomics), labeled_partition and binary_partition.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>

#include <vector>

#include "conformance_check.h"

namespace cg = cooperative_groups;

constexpr int kTileFields = 16;

__host__ __device__ int input_value(int i) { return (i * 37) % 101 - 20; }

template <unsigned Size>
__global__ void tile_kernel(int* out) {
  __shared__ int exchange[1024];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<Size> tile = cg::tiled_partition<Size>(block);
  int t = int(block.thread_rank());
  int v = input_value(int(blockIdx.x * blockDim.x) + t);
  int* o = out + kTileFields * (blockIdx.x * blockDim.x + t);
  o[0] = int(tile.thread_rank());
  o[1] = int(tile.meta_group_rank());
  o[2] = int(tile.meta_group_size());
  o[3] = int(tile.num_threads());
  exchange[t] = v;
  tile.sync();
  o[4] = exchange[t - int(tile.thread_rank()) + int((tile.thread_rank() + 1) % Size)];
  o[5] = tile.shfl(v, 3 % Size);
  o[6] = tile.any(v > 70);
  o[7] = tile.all(v > -20);
  o[8] = cg::reduce(tile, v, cg::plus<int>());
  o[9] = cg::reduce(tile, v, cg::less<int>());
  o[10] = cg::reduce(tile, v, cg::greater<int>());
  o[11] = cg::reduce(tile, v, cg::bit_and<int>()) ^ cg::reduce(tile, v, cg::bit_or<int>());
  o[12] = cg::reduce(tile, v, cg::bit_xor<int>());
  o[13] = cg::inclusive_scan(tile, v, cg::plus<int>());
  o[14] = cg::exclusive_scan(tile, v, cg::plus<int>());
  o[15] = cg::inclusive_scan(tile, v, cg::greater<int>());
}

// A tile of a tile, with the block taken through block_tile_memory.
__global__ void nested_tile_kernel(int* out) {
  __shared__ cg::block_tile_memory<256> scratch;
  cg::thread_block block = cg::this_thread_block(scratch);
  cg::thread_block_tile<128> big = cg::tiled_partition<128>(block);
  cg::thread_block_tile<64> half = cg::tiled_partition<64>(big);
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(half);
  int t = int(block.thread_rank());
  int v = input_value(t);
  out[4 * t + 0] = int(half.meta_group_rank() * 1000 + half.meta_group_size());
  out[4 * t + 1] = int(warp.meta_group_rank() * 1000 + warp.meta_group_size());
  out[4 * t + 2] = cg::reduce(half, v, cg::plus<int>());
  out[4 * t + 3] = cg::exclusive_scan(big, v, cg::plus<int>());
}

// Size and rank of a type-erased group, read through a function that only
// knows it as a thread_group.
__device__ int describe(const cg::thread_group& group) {
  return int(group.size()) * 1000 + int(group.thread_rank());
}

__device__ int neighbour_through(const cg::thread_group& group, int* exchange, int value) {
  int base = int(cg::this_thread_block().thread_rank()) - int(group.thread_rank());
  exchange[base + int(group.thread_rank())] = value;
  group.sync();
  int other = exchange[base + int((group.thread_rank() + 1) % group.size())];
  cg::sync(group);
  return other;
}

// 80 threads: the dynamic 32-thread partition's last tile has 16 threads.
__global__ void thread_group_kernel(int* out) {
  __shared__ int exchange[80];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group whole = block;
  cg::thread_group tile32 = cg::tiled_partition(block, 32);
  cg::thread_group tile8 = cg::tiled_partition(tile32, 8);
  int t = int(block.thread_rank());
  out[6 * t + 0] = describe(whole);
  out[6 * t + 1] = describe(tile32);
  out[6 * t + 2] = describe(tile8);
  out[6 * t + 3] = neighbour_through(whole, exchange, 3 * t);
  out[6 * t + 4] = neighbour_through(tile32, exchange, 5 * t);
  out[6 * t + 5] = neighbour_through(tile8, exchange, 7 * t);
}

__global__ void memcpy_async_kernel(const int* in, int* out) {
  __shared__ int whole[256];
  __shared__ int per_warp[256];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  const int* source = in + blockIdx.x * 256;
  cg::memcpy_async(block, whole, source, sizeof(int) * 256);
  cg::wait(block);
  int first = int(warp.meta_group_rank()) * 32;
  cg::memcpy_async(warp, per_warp + first, size_t(32), source + 255 - first - 31, size_t(32));
  cg::wait_prior<0>(warp);
  int t = int(block.thread_rank());
  out[blockIdx.x * 512 + t] = whole[255 - t];
  out[blockIdx.x * 512 + 256 + t] = per_warp[t];
}

constexpr int kCoalescedFields = 11;

// Threads with v % 3 != 0 form a coalesced group per warp.
__global__ void coalesced_kernel(const int* in, int* out, int* counter, int* slots) {
  int t = int(threadIdx.x);
  int v = in[t];
  int* o = out + kCoalescedFields * t;
  if (v % 3 != 0) {
    cg::coalesced_group group = cg::coalesced_threads();
    o[0] = int(group.size());
    o[1] = int(group.thread_rank());
    o[2] = cg::reduce(group, v, cg::plus<int>());
    o[3] = cg::inclusive_scan(group, v, cg::plus<int>());
    o[4] = cg::exclusive_scan(group, v, cg::plus<int>());
    o[5] = group.shfl(v, 0);
    o[6] = int(group.ballot(v > 50));
    o[7] = group.any(v > 90) * 10 + group.all(v > 0);
    cg::coalesced_group quad = cg::tiled_partition(group, 4);
    o[8] = int(quad.size()) * 1000 + int(quad.thread_rank()) * 10 + int(quad.meta_group_rank());
    // Warp-aggregated atomic: one atomicAdd per group hands out slots.
    int base = 0;
    if (group.thread_rank() == 0) base = atomicAdd(counter, int(group.size()));
    base = group.shfl(base, 0);
    slots[base + int(group.thread_rank())] = t;
    o[9] = cg::reduce(group, v, cg::greater<int>());
    o[10] = cg::inclusive_scan(group, v, cg::bit_xor<int>());
  } else {
    for (int f = 0; f < kCoalescedFields; ++f) o[f] = -1;
  }
}

constexpr int kPartitionFields = 8;

__global__ void partition_kernel(const int* in, int* out) {
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  int t = int(threadIdx.x);
  int v = in[t];
  int* o = out + kPartitionFields * t;
  cg::coalesced_group same = cg::labeled_partition(warp, v % 4);
  o[0] = int(same.size()) * 100 + int(same.thread_rank());
  o[1] = int(same.meta_group_rank()) * 100 + int(same.meta_group_size());
  o[2] = cg::reduce(same, v, cg::plus<int>());
  o[3] = cg::inclusive_scan(same, v, cg::plus<int>());
  cg::sync(same);
  cg::coalesced_group side = cg::binary_partition(warp, v > 40);
  o[4] = int(side.size()) * 100 + int(side.thread_rank());
  o[5] = int(side.meta_group_rank()) * 100 + int(side.meta_group_size());
  o[6] = cg::reduce(side, v, cg::less<int>());
  o[7] = cg::exclusive_scan(side, v, cg::plus<int>());
}

// Expected tile fields for thread t of a block of `threads`.
static void tile_reference(unsigned size, int block, int threads, std::vector<int>& want) {
  for (int t = 0; t < threads; ++t) {
    int base = t / int(size) * int(size);
    int rank = t - base;
    std::vector<int> m(size);
    for (unsigned r = 0; r < size; ++r) m[r] = input_value(block * threads + base + int(r));
    int* o = &want[kTileFields * (block * threads + t)];
    o[0] = rank;
    o[1] = t / int(size);
    o[2] = threads / int(size);
    o[3] = int(size);
    o[4] = m[(rank + 1) % size];
    o[5] = m[3 % size];
    int sum = 0, lo = m[0], hi = m[0], band = ~0, bor = 0, bxor = 0, any = 0, all = 1;
    for (unsigned r = 0; r < size; ++r) {
      sum += m[r];
      lo = m[r] < lo ? m[r] : lo;
      hi = m[r] > hi ? m[r] : hi;
      band &= m[r];
      bor |= m[r];
      bxor ^= m[r];
      any |= m[r] > 70;
      all &= m[r] > -20;
    }
    o[6] = any;
    o[7] = all;
    o[8] = sum;
    o[9] = lo;
    o[10] = hi;
    o[11] = band ^ bor;
    o[12] = bxor;
    int inclusive = 0, running_max = m[0];
    for (int r = 0; r <= rank; ++r) {
      inclusive += m[r];
      running_max = m[r] > running_max ? m[r] : running_max;
    }
    o[13] = inclusive;
    o[14] = inclusive - m[rank];
    o[15] = running_max;
  }
}

template <unsigned Size>
static void check_tile(int blocks, int threads) {
  int n = blocks * threads;
  int* out;
  CONFORMANCE_CUDA(cudaMalloc(&out, sizeof(int) * kTileFields * n));
  tile_kernel<Size><<<blocks, threads>>>(out);
  CONFORMANCE_CUDA(cudaGetLastError());
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  std::vector<int> got(kTileFields * n), want(kTileFields * n);
  CONFORMANCE_CUDA(cudaMemcpy(got.data(), out, sizeof(int) * got.size(), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) tile_reference(Size, b, threads, want);
  char what[160];
  std::snprintf(what, sizeof what,
                "thread_block_tile<%u> in blocks of %d: rank, meta group, sync, shfl, any/all, reduce and scans", Size,
                threads);
  conformance::check_equal(got.data(), want.data(), got.size(), what);
  CONFORMANCE_CUDA(cudaFree(out));
}

int main() {
  check_tile<4>(2, 256);
  check_tile<16>(2, 256);
  check_tile<32>(2, 256);
  check_tile<64>(3, 256);
  check_tile<128>(2, 256);
  check_tile<256>(2, 256);
  check_tile<512>(1, 1024);
  check_tile<1024>(2, 1024);

  {
    int* out;
    CONFORMANCE_CUDA(cudaMalloc(&out, sizeof(int) * 4 * 256));
    nested_tile_kernel<<<1, 256>>>(out);
    CONFORMANCE_CUDA(cudaDeviceSynchronize());
    std::vector<int> got(4 * 256), want(4 * 256);
    CONFORMANCE_CUDA(cudaMemcpy(got.data(), out, sizeof(int) * got.size(), cudaMemcpyDeviceToHost));
    for (int t = 0; t < 256; ++t) {
      want[4 * t + 0] = (t % 128 / 64) * 1000 + 2;
      want[4 * t + 1] = (t % 64 / 32) * 1000 + 2;
      int sum = 0, before = 0;
      for (int r = t / 64 * 64; r < t / 64 * 64 + 64; ++r) sum += input_value(r);
      for (int r = t / 128 * 128; r < t; ++r) before += input_value(r);
      want[4 * t + 2] = sum;
      want[4 * t + 3] = before;
    }
    conformance::check_equal(got.data(), want.data(), got.size(),
                             "tiles of tiles (128 > 64 > 32) with block_tile_memory: meta groups, reduce, scan");
    CONFORMANCE_CUDA(cudaFree(out));
  }

  {
    int* out;
    CONFORMANCE_CUDA(cudaMalloc(&out, sizeof(int) * 6 * 80));
    thread_group_kernel<<<1, 80>>>(out);
    CONFORMANCE_CUDA(cudaDeviceSynchronize());
    std::vector<int> got(6 * 80), want(6 * 80);
    CONFORMANCE_CUDA(cudaMemcpy(got.data(), out, sizeof(int) * got.size(), cudaMemcpyDeviceToHost));
    for (int t = 0; t < 80; ++t) {
      int size32 = t < 64 ? 32 : 16;
      want[6 * t + 0] = 80 * 1000 + t;
      want[6 * t + 1] = size32 * 1000 + t % 32;
      want[6 * t + 2] = 8 * 1000 + t % 8;
      want[6 * t + 3] = 3 * ((t + 1) % 80);
      want[6 * t + 4] = 5 * (t / 32 * 32 + (t % 32 + 1) % size32);
      want[6 * t + 5] = 7 * (t / 8 * 8 + (t % 8 + 1) % 8);
    }
    conformance::check_equal(got.data(), want.data(), got.size(),
                             "thread_group from a block and tiled_partition(parent, n): size, rank, sync, cg::sync");
    CONFORMANCE_CUDA(cudaFree(out));
  }

  {
    const int blocks = 2;
    std::vector<int> in(blocks * 256);
    for (size_t i = 0; i < in.size(); ++i) in[i] = input_value(int(i)) * 3 + 1;
    int *d_in, *d_out;
    CONFORMANCE_CUDA(cudaMalloc(&d_in, sizeof(int) * in.size()));
    CONFORMANCE_CUDA(cudaMalloc(&d_out, sizeof(int) * blocks * 512));
    CONFORMANCE_CUDA(cudaMemcpy(d_in, in.data(), sizeof(int) * in.size(), cudaMemcpyHostToDevice));
    memcpy_async_kernel<<<blocks, 256>>>(d_in, d_out);
    CONFORMANCE_CUDA(cudaDeviceSynchronize());
    std::vector<int> got(blocks * 512), want(blocks * 512);
    CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, sizeof(int) * got.size(), cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks; ++b) {
      for (int t = 0; t < 256; ++t) {
        want[b * 512 + t] = in[b * 256 + 255 - t];
        int first = t / 32 * 32;
        want[b * 512 + 256 + t] = in[b * 256 + 255 - first - 31 + t % 32];
      }
    }
    conformance::check_equal(got.data(), want.data(), got.size(),
                             "memcpy_async by a block (bytes) and by warps (element counts), wait and wait_prior");
    CONFORMANCE_CUDA(cudaFree(d_in));
    CONFORMANCE_CUDA(cudaFree(d_out));
  }

  {
    const int threads = 64;
    std::vector<int> in(threads);
    for (int t = 0; t < threads; ++t) in[t] = (t * 53 + 11) % 97;
    int *d_in, *d_out, *d_counter, *d_slots;
    CONFORMANCE_CUDA(cudaMalloc(&d_in, sizeof(int) * threads));
    CONFORMANCE_CUDA(cudaMalloc(&d_out, sizeof(int) * kCoalescedFields * threads));
    CONFORMANCE_CUDA(cudaMalloc(&d_counter, sizeof(int)));
    CONFORMANCE_CUDA(cudaMalloc(&d_slots, sizeof(int) * threads));
    CONFORMANCE_CUDA(cudaMemcpy(d_in, in.data(), sizeof(int) * threads, cudaMemcpyHostToDevice));
    CONFORMANCE_CUDA(cudaMemset(d_counter, 0, sizeof(int)));
    CONFORMANCE_CUDA(cudaMemset(d_slots, 0xFF, sizeof(int) * threads));
    coalesced_kernel<<<1, threads>>>(d_in, d_out, d_counter, d_slots);
    CONFORMANCE_CUDA(cudaDeviceSynchronize());
    std::vector<int> got(kCoalescedFields * threads), want(kCoalescedFields * threads, -1);
    CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, sizeof(int) * got.size(), cudaMemcpyDeviceToHost));
    int members_total = 0;
    for (int t = 0; t < threads; ++t) {
      if (in[t] % 3 == 0) continue;
      ++members_total;
      std::vector<int> m;  // the group's values in rank (lane) order
      int rank = 0;
      for (int l = t / 32 * 32; l < t / 32 * 32 + 32; ++l) {
        if (in[l] % 3 == 0) continue;
        if (l < t) ++rank;
        m.push_back(in[l]);
      }
      int size = int(m.size());
      int sum = 0, inclusive = 0, ballot = 0, any = 0, all = 1, hi = m[0], running_xor = 0;
      for (int r = 0; r < size; ++r) {
        sum += m[r];
        if (r <= rank) inclusive += m[r], running_xor ^= m[r];
        ballot |= (m[r] > 50 ? 1 : 0) << r;
        any |= m[r] > 90;
        all &= m[r] > 0;
        hi = m[r] > hi ? m[r] : hi;
      }
      int* o = &want[kCoalescedFields * t];
      o[0] = size;
      o[1] = rank;
      o[2] = sum;
      o[3] = inclusive;
      o[4] = inclusive - in[t];
      o[5] = m[0];
      o[6] = ballot;
      o[7] = any * 10 + all;
      int quad_size = size - rank / 4 * 4 < 4 ? size - rank / 4 * 4 : 4;
      o[8] = quad_size * 1000 + (rank % 4) * 10 + rank / 4;
      o[9] = hi;
      o[10] = running_xor;
    }
    conformance::check_equal(got.data(), want.data(), got.size(),
                             "coalesced_threads() in a divergent branch: size, rank, shfl, ballot, votes, "
                             "tiled_partition(group, 4), reduce and scans");
    int counter = 0;
    std::vector<int> slots(threads);
    CONFORMANCE_CUDA(cudaMemcpy(&counter, d_counter, sizeof(int), cudaMemcpyDeviceToHost));
    CONFORMANCE_CUDA(cudaMemcpy(slots.data(), d_slots, sizeof(int) * threads, cudaMemcpyDeviceToHost));
    std::vector<int> seen(threads, 0);
    bool ok = counter == members_total;
    for (int s = 0; s < threads; ++s) {
      if (s < members_total) {
        ok = ok && slots[s] >= 0 && slots[s] < threads && in[slots[s]] % 3 != 0 && seen[slots[s]]++ == 0;
      } else {
        ok = ok && slots[s] == -1;
      }
    }
    conformance::check(ok, "warp-aggregated atomicAdd through coalesced_threads(): each member gets its own slot");
    CONFORMANCE_CUDA(cudaFree(d_in));
    CONFORMANCE_CUDA(cudaFree(d_out));
    CONFORMANCE_CUDA(cudaFree(d_counter));
    CONFORMANCE_CUDA(cudaFree(d_slots));
  }

  {
    const int threads = 64;
    std::vector<int> in(threads);
    for (int t = 0; t < threads; ++t) in[t] = (t * 29 + 7) % 83;
    int *d_in, *d_out;
    CONFORMANCE_CUDA(cudaMalloc(&d_in, sizeof(int) * threads));
    CONFORMANCE_CUDA(cudaMalloc(&d_out, sizeof(int) * kPartitionFields * threads));
    CONFORMANCE_CUDA(cudaMemcpy(d_in, in.data(), sizeof(int) * threads, cudaMemcpyHostToDevice));
    partition_kernel<<<1, threads>>>(d_in, d_out);
    CONFORMANCE_CUDA(cudaDeviceSynchronize());
    std::vector<int> got(kPartitionFields * threads), want(kPartitionFields * threads);
    CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, sizeof(int) * got.size(), cudaMemcpyDeviceToHost));
    for (int t = 0; t < threads; ++t) {
      int warp = t / 32 * 32;
      int* o = &want[kPartitionFields * t];
      // labeled_partition by v % 4; subgroups ordered by their lowest lane.
      int size = 0, rank = 0, sum = 0, inclusive = 0, meta_rank = 0, meta_size = 0;
      bool label_seen[4] = {false, false, false, false};
      for (int l = warp; l < warp + 32; ++l) {
        int label = in[l] % 4;
        if (!label_seen[label]) {
          label_seen[label] = true;
          ++meta_size;
          if (l < t && label != in[t] % 4) {
            bool mine_first_later = true;
            for (int k = warp; k < l; ++k) mine_first_later = mine_first_later && in[k] % 4 != in[t] % 4;
            if (mine_first_later) ++meta_rank;
          }
        }
        if (label != in[t] % 4) continue;
        ++size;
        sum += in[l];
        if (l <= t) inclusive += in[l];
        if (l < t) ++rank;
      }
      o[0] = size * 100 + rank;
      o[1] = meta_rank * 100 + meta_size;
      o[2] = sum;
      o[3] = inclusive;
      // binary_partition by v > 40; the true side has meta rank 1.
      bool pred = in[t] > 40;
      int side_size = 0, side_rank = 0, lo = 1 << 30, before = 0, true_count = 0;
      for (int l = warp; l < warp + 32; ++l) {
        true_count += in[l] > 40;
        if ((in[l] > 40) != pred) continue;
        ++side_size;
        lo = in[l] < lo ? in[l] : lo;
        if (l < t) ++side_rank, before += in[l];
      }
      bool split = true_count != 0 && true_count != 32;
      o[4] = side_size * 100 + side_rank;
      o[5] = (split && pred ? 1 : 0) * 100 + (split ? 2 : 1);
      o[6] = lo;
      o[7] = before;
    }
    conformance::check_equal(got.data(), want.data(), got.size(),
                             "labeled_partition and binary_partition of a warp tile: size, rank, meta group, "
                             "reduce, scans, cg::sync");
    CONFORMANCE_CUDA(cudaFree(d_in));
    CONFORMANCE_CUDA(cudaFree(d_out));
  }
  return conformance::finish();
}
