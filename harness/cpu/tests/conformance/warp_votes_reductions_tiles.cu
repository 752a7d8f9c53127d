// Warp votes, reductions, matches, __syncwarp and cooperative-groups tiles in
// the forms fast kernels use them, with exact results:
//   - __ballot_sync, __any_sync, __all_sync at block-uniform places and under
//     a warp-uniform `if (warp == 0)`, ballot-based compaction (popc of the
//     lanes below) and the warp-aggregated atomicAdd (leader by __ffs, base
//     broadcast by __shfl_sync);
//   - __reduce_add/min/max_sync on int and unsigned (values that order
//     differently signed and unsigned), __reduce_and/or/xor_sync;
//   - __match_any_sync on unsigned and int keys;
//   - all of these on a partial mask under `if (lane < 16)` (the other half
//     running other collectives in the `else` at the same time), on 2-D blocks
//     (32x8, lanes follow the linear index) and on a block of 48 threads,
//     whose second warp uses the mask of its 16 live lanes;
//   - __syncwarp() and __syncwarp(mask) ordering lanes' shared-memory writes
//     before other lanes' reads: a warp-level tree over a shared array, a
//     value broadcast through shared memory after a shuffle reduction;
//   - tiled_partition<32> and <16>: shfl_down loops, shfl_down of a 16-byte
//     struct, ballot, cg::reduce and cg::inclusive_scan, and a block
//     reduction whose tile totals go through shared memory.
// Every expected value is computed on the host.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>

#include <algorithm>
#include <vector>

#include "device_run.h"

namespace cg = cooperative_groups;

constexpr unsigned kFull = 0xffffffffu;

// ---- votes ------------------------------------------------------------------

constexpr int kVoteFields = 7;

__global__ void vote_kernel(const int* in, unsigned* out, int* compacted_slot, int* counter) {
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int threads = blockDim.x * blockDim.y;
  const int i = blockIdx.x * threads + t;
  const int lane = t % 32, warp = t / 32;
  const int x = in[i];
  unsigned* o = out + kVoteFields * i;
  o[0] = __ballot_sync(kFull, x > 0);
  o[1] = __any_sync(kFull, x % 7 == 0) != 0;  // CUDA promises non-zero, not 1
  o[2] = __all_sync(kFull, x > -450) != 0;
  o[3] = 0xdeadu;
  if (warp == 0) o[3] = __ballot_sync(kFull, x % 3 == 0);  // warp-uniform guard
  // Compaction of the kept elements: each lane's position among them.
  const bool keep = x % 2 == 0;
  const unsigned kept = __ballot_sync(kFull, keep);
  const int position = __popc(kept & ((1u << lane) - 1));
  o[4] = unsigned(position);
  // Warp-aggregated atomicAdd: the first kept lane reserves room for the
  // warp and the base comes to every lane by a shuffle from the leader.
  const int leader = kept ? __ffs(int(kept)) - 1 : 0;
  int base = 0;
  if (lane == leader && kept) base = atomicAdd(counter + blockIdx.x, __popc(kept));
  base = __shfl_sync(kFull, base, leader);
  compacted_slot[i] = keep ? base + position : -1;
  // Partial masks: only the lower half-warp votes.
  o[5] = o[6] = 0xbeefu;
  if (lane < 16) {
    o[5] = __ballot_sync(0x0000ffffu, x > 0);
    o[6] = unsigned(__all_sync(0x0000ffffu, x > -450) != 0) * 2 + unsigned(__any_sync(0x0000ffffu, x % 7 == 0) != 0);
  }
}

void check_votes(int blocks, dim3 block) {
  const int threads = int(block.x * block.y), n = blocks * threads;
  std::vector<int> in = conformance::pattern(n, 17);
  for (int i = 0; i < 32; ++i) in[32 + i] = 100 + i;        // a warp where every lane is positive
  in[5 * 32 + 4] = 14;                                      // warp 5 has a multiple of 7 ...
  for (int i = 0; i < 32; ++i) in[4 * 32 + i] = 2 * i + 1;  // ... warp 4 has odd values only
  in[4 * 32 + 3] = 21;                                      // and one multiple of 7
  int* d_in = conformance::device_copy(in);
  unsigned* d_out = conformance::device_array<unsigned>(size_t(kVoteFields) * n);
  int* d_slot = conformance::device_array<int>(n);
  int* d_counter = conformance::device_array<int>(blocks);
  CONFORMANCE_CUDA(cudaMemset(d_counter, 0, blocks * sizeof(int)));
  vote_kernel<<<blocks, block>>>(d_in, d_out, d_slot, d_counter);
  CONFORMANCE_CUDA(cudaGetLastError());
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  std::vector<unsigned> got = conformance::host_copy(d_out, size_t(kVoteFields) * n);
  std::vector<int> slot = conformance::host_copy(d_slot, n);
  std::vector<int> counter = conformance::host_copy(d_counter, blocks);
  std::vector<unsigned> want(got.size());
  for (int w = 0; w < n / 32; ++w) {
    unsigned positive = 0, thirds = 0, kept = 0;
    bool any7 = false, all_above = true, any7_low = false, all_above_low = true;
    for (int l = 0; l < 32; ++l) {
      const int x = in[32 * w + l];
      positive |= unsigned(x > 0) << l;
      thirds |= unsigned(x % 3 == 0) << l;
      kept |= unsigned(x % 2 == 0) << l;
      any7 = any7 || x % 7 == 0;
      all_above = all_above && x > -450;
      if (l < 16) {
        any7_low = any7_low || x % 7 == 0;
        all_above_low = all_above_low && x > -450;
      }
    }
    const bool first_warp_of_block = (32 * w) % threads == 0;
    for (int l = 0; l < 32; ++l) {
      unsigned* o = &want[size_t(kVoteFields) * (32 * w + l)];
      o[0] = positive;
      o[1] = any7;
      o[2] = all_above;
      o[3] = first_warp_of_block ? thirds : 0xdeadu;
      o[4] = unsigned(__builtin_popcount(kept & ((1u << l) - 1)));
      o[5] = l < 16 ? positive & 0xffffu : 0xbeefu;
      o[6] = l < 16 ? unsigned(all_above_low) * 2 + unsigned(any7_low) : 0xbeefu;
    }
  }
  const char* names[kVoteFields] = {"__ballot_sync",
                                    "__any_sync",
                                    "__all_sync",
                                    "__ballot_sync under if (warp == 0)",
                                    "ballot compaction: __popc(ballot & lanes below)",
                                    "__ballot_sync on the lower half-warp's mask",
                                    "__all_sync / __any_sync on the lower half-warp's mask"};
  for (int f = 0; f < kVoteFields; ++f) {
    std::vector<unsigned> g(n), wv(n);
    for (int i = 0; i < n; ++i) {
      g[i] = got[size_t(kVoteFields) * i + f];
      wv[i] = want[size_t(kVoteFields) * i + f];
    }
    char what[160];
    std::snprintf(what, sizeof what, "%s (blocks of %ux%u)", names[f], block.x, block.y);
    conformance::check_equal(g.data(), wv.data(), n, what);
  }
  // The aggregated atomics: each block's kept elements got distinct slots
  // 0..count-1, and each warp's slots run consecutively in lane order.
  bool slots_ok = true;
  for (int b = 0; b < blocks && slots_ok; ++b) {
    std::vector<int> slots;
    for (int t = 0; t < threads; ++t) {
      const int i = b * threads + t;
      const bool keep = in[i] % 2 == 0;
      if (keep != (slot[i] >= 0)) slots_ok = false;
      if (keep) slots.push_back(slot[i]);
    }
    std::vector<int> sorted = slots;
    std::sort(sorted.begin(), sorted.end());
    for (size_t k = 0; k < sorted.size(); ++k) slots_ok = slots_ok && sorted[k] == int(k);
    slots_ok = slots_ok && counter[b] == int(slots.size());
    for (int w = 0; w < threads / 32; ++w) {
      int previous = -1;
      for (int l = 0; l < 32; ++l) {
        const int s = slot[b * threads + 32 * w + l];
        if (s < 0) continue;
        if (previous >= 0 && s != previous + 1) slots_ok = false;
        previous = s;
      }
    }
  }
  char what[160];
  std::snprintf(what, sizeof what,
                "warp-aggregated atomicAdd: leader by __ffs, base by __shfl_sync, slots dense (blocks of %ux%u)",
                block.x, block.y);
  conformance::check(slots_ok, what);
  CONFORMANCE_CUDA(cudaFree(d_in));
  CONFORMANCE_CUDA(cudaFree(d_out));
  CONFORMANCE_CUDA(cudaFree(d_slot));
  CONFORMANCE_CUDA(cudaFree(d_counter));
}

// ---- reductions and matches -----------------------------------------------

constexpr int kReduceFields = 12;

// Each warp's live lanes (all 32, or the 16 of a 48-thread block's second
// warp) reduce with the mask of those lanes.
__global__ void reduce_kernel(const int* in, unsigned* out) {
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int threads = blockDim.x * blockDim.y;
  const int i = blockIdx.x * threads + t;
  const int lane = t % 32, warp = t / 32;
  const int live = min(32, threads - 32 * warp);
  const unsigned mask = live == 32 ? kFull : (1u << live) - 1;
  const int x = in[i];
  const unsigned u = unsigned(x) * 2654435761u;  // high bits set in about half the lanes
  unsigned* o = out + kReduceFields * i;
  o[0] = unsigned(__reduce_add_sync(mask, x));
  o[1] = unsigned(__reduce_min_sync(mask, x));
  o[2] = unsigned(__reduce_max_sync(mask, x));
  o[3] = __reduce_add_sync(mask, u);
  o[4] = __reduce_min_sync(mask, u);
  o[5] = __reduce_max_sync(mask, u);
  o[6] = __reduce_and_sync(mask, u | 0x01000010u);
  o[7] = __reduce_or_sync(mask, u & 0x0ff00ff0u);
  o[8] = __reduce_xor_sync(mask, u);
  o[9] = __match_any_sync(mask, unsigned(x % 5 + 5));  // five classes
  o[10] = __match_any_sync(mask, x / 100);             // int keys, negative ones too
  // The two halves of the warp, each on its side of a branch, with its own
  // mask and its own collectives at the same time.
  if (lane < 16) {
    o[11] = __reduce_add_sync(mask & 0x0000ffffu, u) ^ __match_any_sync(mask & 0x0000ffffu, x % 3);
  } else {
    o[11] = __ballot_sync(mask & 0xffff0000u, x > 0) | __reduce_max_sync(mask & 0xffff0000u, x & 0xfff);
  }
}

void check_reductions(int blocks, dim3 block) {
  const int threads = int(block.x * block.y), n = blocks * threads;
  std::vector<int> in = conformance::pattern(n, 23);
  std::vector<unsigned> got;
  {
    int* d_in = conformance::device_copy(in);
    unsigned* d_out = conformance::device_array<unsigned>(size_t(kReduceFields) * n);
    reduce_kernel<<<blocks, block>>>(d_in, d_out);
    CONFORMANCE_CUDA(cudaGetLastError());
    CONFORMANCE_CUDA(cudaDeviceSynchronize());
    got = conformance::host_copy(d_out, size_t(kReduceFields) * n);
    CONFORMANCE_CUDA(cudaFree(d_in));
    CONFORMANCE_CUDA(cudaFree(d_out));
  }
  std::vector<unsigned> want(got.size());
  for (int b = 0; b < blocks; ++b) {
    for (int warp_base = 0; warp_base < threads; warp_base += 32) {
      const int live = std::min(32, threads - warp_base);
      const int* x = &in[b * threads + warp_base];
      auto u = [](int v) { return unsigned(v) * 2654435761u; };
      int smin = x[0], smax = x[0];
      unsigned sum = 0, umin = u(x[0]), umax = u(x[0]), usum = 0, uand = ~0u, uor = 0, uxor = 0;
      for (int l = 0; l < live; ++l) {
        sum += unsigned(x[l]);
        smin = std::min(smin, x[l]);
        smax = std::max(smax, x[l]);
        umin = std::min(umin, u(x[l]));
        umax = std::max(umax, u(x[l]));
        usum += u(x[l]);
        uand &= u(x[l]) | 0x01000010u;
        uor |= u(x[l]) & 0x0ff00ff0u;
        uxor ^= u(x[l]);
      }
      unsigned low_sum = 0, high_ballot = 0, high_max = 0;
      for (int l = 0; l < std::min(live, 16); ++l) low_sum += u(x[l]);
      for (int l = 16; l < live; ++l) {
        high_ballot |= unsigned(x[l] > 0) << l;
        high_max = std::max(high_max, unsigned(x[l] & 0xfff));
      }
      for (int l = 0; l < live; ++l) {
        unsigned* o = &want[size_t(kReduceFields) * (b * threads + warp_base + l)];
        o[0] = sum;
        o[1] = unsigned(smin);
        o[2] = unsigned(smax);
        o[3] = usum;
        o[4] = umin;
        o[5] = umax;
        o[6] = uand;
        o[7] = uor;
        o[8] = uxor;
        unsigned same5 = 0, same100 = 0, same3 = 0;
        for (int k = 0; k < live; ++k) {
          same5 |= unsigned(x[k] % 5 == x[l] % 5) << k;
          same100 |= unsigned(x[k] / 100 == x[l] / 100) << k;
          if (k < 16) same3 |= unsigned(x[k] % 3 == x[l] % 3) << k;
        }
        o[9] = same5;
        o[10] = same100;
        o[11] = l < 16 ? low_sum ^ same3 : high_ballot | high_max;
      }
    }
  }
  const char* names[kReduceFields] = {
      "__reduce_add_sync(int)",      "__reduce_min_sync(int)",
      "__reduce_max_sync(int)",      "__reduce_add_sync(unsigned)",
      "__reduce_min_sync(unsigned)", "__reduce_max_sync(unsigned)",
      "__reduce_and_sync",           "__reduce_or_sync",
      "__reduce_xor_sync",           "__match_any_sync(unsigned)",
      "__match_any_sync(int)",       "each half-warp on its side of a branch, with its own mask"};
  for (int f = 0; f < kReduceFields; ++f) {
    std::vector<unsigned> g(n), wv(n);
    for (int i = 0; i < n; ++i) {
      g[i] = got[size_t(kReduceFields) * i + f];
      wv[i] = want[size_t(kReduceFields) * i + f];
    }
    char what[160];
    std::snprintf(what, sizeof what, "%s (blocks of %ux%u)", names[f], block.x, block.y);
    conformance::check_equal(g.data(), wv.data(), n, what);
  }
}

// ---- __syncwarp ordering shared memory -----------------------------------

__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(kFull, v, offset);
  return v;
}

constexpr int kSyncwarpFields = 4;

__global__ void syncwarp_kernel(const int* in, int* out) {
  __shared__ int tree[8][32];
  __shared__ int broadcast[8];
  __shared__ int low_half[8][16];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int i = blockIdx.x * blockDim.x * blockDim.y + t;
  const int lane = t % 32, warp = t / 32;
  const int x = in[i];
  int* o = out + kSyncwarpFields * i;
  // A warp-level tree over a shared array: lanes below `offset` add the
  // upper half, a __syncwarp between a lane's write and the reads of it.
  tree[warp][lane] = x;
  __syncwarp();
  for (int offset = 16; offset > 0; offset /= 2) {
    if (lane < offset) tree[warp][lane] += tree[warp][lane + offset];
    __syncwarp();
  }
  o[0] = tree[warp][0];
  // Lane 0 broadcasts a shuffle reduction's result through shared memory.
  const float total = warp_sum(float(x));
  if (lane == 0) broadcast[warp] = int(total) * 3;
  __syncwarp();
  o[1] = broadcast[warp];
  // The same exchange on the lower half-warp only, with its mask.
  o[2] = -1;
  if (lane < 16) {
    low_half[warp][lane] = x;
    __syncwarp(0x0000ffffu);
    o[2] = low_half[warp][15 - lane];
  }
  // Writes after reads: every lane must have read before any overwrites.
  const int mirrored = tree[warp][31 - lane];
  __syncwarp();
  tree[warp][lane] = 2 * x;
  __syncwarp();
  o[3] = mirrored + tree[warp][(lane + 5) % 32];
}

void check_syncwarp(int blocks, dim3 block) {
  const int threads = int(block.x * block.y), n = blocks * threads;
  const std::vector<int> in = conformance::pattern(n, 29);
  std::vector<int> got = conformance::run_on_device(in, size_t(kSyncwarpFields) * n, [&](const int* d_in, int* d_out) {
    syncwarp_kernel<<<blocks, block>>>(d_in, d_out);
  });
  std::vector<int> want(got.size());
  for (int w = 0; w < n / 32; ++w) {
    const int* x = &in[32 * w];
    // The tree leaves partial sums in the array; the final state of slot k
    // (read by field 3 as the mirrored value) is computed step by step.
    std::vector<int> tree(x, x + 32);
    for (int offset = 16; offset > 0; offset /= 2) {
      for (int l = 0; l < offset; ++l) tree[l] += tree[l + offset];
    }
    int total = 0;
    for (int l = 0; l < 32; ++l) total += x[l];
    for (int l = 0; l < 32; ++l) {
      int* o = &want[size_t(kSyncwarpFields) * (32 * w + l)];
      o[0] = total;
      o[1] = total * 3;
      o[2] = l < 16 ? x[15 - l] : -1;
      o[3] = tree[31 - l] + 2 * x[(l + 5) % 32];
    }
  }
  const char* names[kSyncwarpFields] = {
      "warp tree over a shared array with __syncwarp() between steps",
      "lane 0 broadcasts a shuffle reduction through shared memory after __syncwarp()",
      "__syncwarp(0x0000ffff) exchange on the lower half-warp",
      "__syncwarp() between every lane's read and the overwrite"};
  for (int f = 0; f < kSyncwarpFields; ++f) {
    std::vector<int> g(n), wv(n);
    for (int i = 0; i < n; ++i) {
      g[i] = got[size_t(kSyncwarpFields) * i + f];
      wv[i] = want[size_t(kSyncwarpFields) * i + f];
    }
    char what[160];
    std::snprintf(what, sizeof what, "%s (blocks of %ux%u)", names[f], block.x, block.y);
    conformance::check_equal(g.data(), wv.data(), n, what);
  }
}

// ---- cooperative-groups tiles ----------------------------------------------

struct Quad {
  int a, b, c, d;
};

constexpr int kTileFields = 9;

template <unsigned Size>
__global__ void tile_kernel(const int* in, int* out, int* block_sums) {
  __shared__ int tile_totals[64];  // up to 1024 / 16 tiles
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<Size> tile = cg::tiled_partition<Size>(block);
  const int t = int(block.thread_rank());
  const int i = int(blockIdx.x * blockDim.x) + t;
  const int x = in[i];
  int* o = out + kTileFields * i;
  int sum = x;  // shfl_down tree: rank 0 gets the tile's sum
  for (unsigned offset = tile.size() / 2; offset > 0; offset /= 2) sum += tile.shfl_down(sum, offset);
  o[0] = sum;
  o[1] = tile.shfl(sum, 0);
  Quad q = {x, 2 * x, -x, int(tile.thread_rank())};  // 16 bytes through a tile shuffle
  Quad r = tile.shfl_down(q, 1);
  o[2] = r.a + r.b + r.c;
  o[3] = r.d;
  o[4] = int(tile.ballot(x > 0));
  o[5] = int(cg::reduce(tile, float(x), cg::plus<float>()));
  o[6] = cg::inclusive_scan(tile, x);
  o[7] = cg::reduce(tile, x, cg::greater<int>());
  // Block sum: tile totals through shared memory, the first tile adds them.
  const int total = cg::reduce(tile, x, cg::plus<int>());
  if (tile.thread_rank() == 0) tile_totals[tile.meta_group_rank()] = total;
  block.sync();
  if (tile.meta_group_rank() == 0) {
    int partial = tile.thread_rank() < tile.meta_group_size() ? tile_totals[tile.thread_rank()] : 0;
    for (unsigned k = tile.thread_rank() + Size; k < tile.meta_group_size(); k += Size) partial += tile_totals[k];
    partial = cg::reduce(tile, partial, cg::plus<int>());
    if (tile.thread_rank() == 0) block_sums[blockIdx.x] = partial;
  }
  o[8] = int(tile.meta_group_rank());
}

template <unsigned Size>
void check_tiles(int blocks, int threads) {
  const int n = blocks * threads;
  const std::vector<int> in = conformance::pattern(n, 31);
  int* d_in = conformance::device_copy(in);
  int* d_out = conformance::device_array<int>(size_t(kTileFields) * n);
  int* d_sums = conformance::device_array<int>(blocks);
  tile_kernel<Size><<<blocks, threads>>>(d_in, d_out, d_sums);
  CONFORMANCE_CUDA(cudaGetLastError());
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  std::vector<int> got = conformance::host_copy(d_out, size_t(kTileFields) * n);
  std::vector<int> sums = conformance::host_copy(d_sums, blocks);
  std::vector<int> want(got.size()), want_sums(blocks, 0);
  for (int base = 0; base < n; base += int(Size)) {
    const int* x = &in[base];
    std::vector<int> tree(x, x + Size);
    for (unsigned offset = Size / 2; offset > 0; offset /= 2) {
      std::vector<int> next = tree;
      for (unsigned r = 0; r < Size; ++r) next[r] += r + offset < Size ? tree[r + offset] : tree[r];
      tree = next;
    }
    int total = 0, largest = x[0], running = 0;
    unsigned positive = 0;
    for (unsigned r = 0; r < Size; ++r) {
      total += x[r];
      largest = std::max(largest, x[r]);
      positive |= unsigned(x[r] > 0) << r;
    }
    want_sums[base / threads] += total;
    for (unsigned r = 0; r < Size; ++r) {
      int* o = &want[size_t(kTileFields) * (base + r)];
      const unsigned source = r + 1 < Size ? r + 1 : r;
      o[0] = tree[r];
      o[1] = tree[0];
      o[2] = 2 * x[source];
      o[3] = int(source);
      o[4] = int(positive);
      o[5] = total;
      o[6] = running += x[r];
      o[7] = largest;
      o[8] = (base % threads) / int(Size);
    }
  }
  const char* names[kTileFields] = {"shfl_down tree (every rank's partial)",
                                    "shfl of rank 0's sum",
                                    "shfl_down of a 16-byte struct",
                                    "shfl_down of a 16-byte struct: source rank",
                                    "ballot",
                                    "cg::reduce(plus<float>)",
                                    "cg::inclusive_scan",
                                    "cg::reduce(greater<int>)",
                                    "meta_group_rank"};
  for (int f = 0; f < kTileFields; ++f) {
    std::vector<int> g(n), wv(n);
    for (int i = 0; i < n; ++i) {
      g[i] = got[size_t(kTileFields) * i + f];
      wv[i] = want[size_t(kTileFields) * i + f];
    }
    char what[160];
    std::snprintf(what, sizeof what, "tiled_partition<%u> %s (blocks of %d)", Size, names[f], threads);
    conformance::check_equal(g.data(), wv.data(), n, what);
  }
  char what[160];
  std::snprintf(what, sizeof what,
                "tiled_partition<%u> block sum: tile totals in __shared__, reduced by the first tile (blocks of %d)",
                Size, threads);
  conformance::check_equal(sums.data(), want_sums.data(), blocks, what);
  CONFORMANCE_CUDA(cudaFree(d_in));
  CONFORMANCE_CUDA(cudaFree(d_out));
  CONFORMANCE_CUDA(cudaFree(d_sums));
}

int main() {
  check_votes(3, dim3(32, 8));
  check_votes(2, dim3(192));
  check_reductions(3, dim3(32, 8));
  check_reductions(4, dim3(48));
  check_syncwarp(3, dim3(32, 8));
  check_syncwarp(2, dim3(64));
  check_tiles<32>(3, 256);
  check_tiles<16>(3, 256);
  check_tiles<16>(2, 1024);
  return conformance::finish();
}
