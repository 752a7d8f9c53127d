// Warp-level collectives on 32-lane warps: __shfl_sync, __shfl_up_sync,
// __shfl_down_sync, __shfl_xor_sync (full width and with a width argument),
// __ballot_sync, __any_sync, __all_sync and __activemask, including warps
// formed from a 2-D block (lanes follow the linear thread index) and a
// partial last warp.
#include <vector>

#include "conformance_check.h"

constexpr int kFields = 10;

__global__ void shuffle_kernel(const int* in, int* out) {
  int t = threadIdx.x + blockDim.x * threadIdx.y;  // linear id decides the lane
  int v = in[blockIdx.x * blockDim.x * blockDim.y + t];
  int* o = out + kFields * (blockIdx.x * blockDim.x * blockDim.y + t);
  const unsigned full = 0xffffffffu;
  o[0] = __shfl_sync(full, v, 5);                 // broadcast lane 5
  o[1] = __shfl_sync(full, v, (t % 32 + 7) % 32); // rotate by 7
  o[2] = __shfl_up_sync(full, v, 3);              // lanes < 3 keep own value
  o[3] = __shfl_down_sync(full, v, 4);            // lanes > 27 keep own value
  o[4] = __shfl_xor_sync(full, v, 1);
  o[5] = __shfl_xor_sync(full, v, 6, 8);          // within groups of 8
  o[6] = __shfl_sync(full, v, 2, 16);             // lane 2 of each half-warp
  o[7] = __shfl_down_sync(full, v, 1, 4);         // within groups of 4
  // Butterfly sum over the warp.
  int sum = v;
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_xor_sync(full, sum, offset);
  o[8] = sum;
  o[9] = __shfl_sync(full, static_cast<int>(t % 32 == 0 ? 1.5f * v : 0.0f), 0);
}

__global__ void vote_kernel(const int* in, unsigned* out) {
  int t = threadIdx.x;
  int v = in[blockIdx.x * blockDim.x + t];
  const unsigned full = 0xffffffffu;
  unsigned* o = out + 5 * (blockIdx.x * blockDim.x + t);
  o[0] = __ballot_sync(full, v > 0);
  o[1] = __any_sync(full, v > 100) ? 1u : 0u;
  o[2] = __all_sync(full, v >= 0) ? 1u : 0u;
  o[3] = __activemask();
  // Only even lanes take part in this ballot; odd lanes write a marker.
  if (t % 2 == 0) {
    o[4] = __ballot_sync(0x55555555u, v % 3 == 0);
  } else {
    o[4] = 0xdeadu;
  }
}

// A block of 48 threads: the second warp has 16 lanes.
__global__ void partial_warp_kernel(unsigned* out) {
  out[threadIdx.x] = __activemask();
  unsigned mask = __ballot_sync(__activemask(), true);
  out[48 + threadIdx.x] = mask;
}

static int shfl_ref(const int* warp, int lane, int src_lane, int width) {
  int base = lane - lane % width;
  return warp[base + src_lane % width];
}

int main() {
  {
    // 3 blocks of 16x8 threads = 4 warps each.
    const int blocks = 3, bx = 16, by = 8, per_block = bx * by, n = blocks * per_block;
    std::vector<int> in(n);
    for (int i = 0; i < n; ++i) in[i] = (i * 131) % 997 - 300;
    std::vector<int> want(n * kFields), got(n * kFields);
    for (int w = 0; w < n / 32; ++w) {
      const int* warp = &in[32 * w];
      int total = 0;
      for (int l = 0; l < 32; ++l) total += warp[l];
      for (int l = 0; l < 32; ++l) {
        int* o = &want[kFields * (32 * w + l)];
        o[0] = warp[5];
        o[1] = warp[(l + 7) % 32];
        o[2] = l >= 3 ? warp[l - 3] : warp[l];
        o[3] = l + 4 < 32 ? warp[l + 4] : warp[l];
        o[4] = warp[l ^ 1];
        o[5] = shfl_ref(warp, l, (l % 8) ^ 6, 8);
        o[6] = shfl_ref(warp, l, 2, 16);
        o[7] = (l % 4) + 1 < 4 ? warp[l + 1] : warp[l];
        o[8] = total;
        o[9] = static_cast<int>(1.5f * warp[0]);
      }
    }
    int *d_in, *d_out;
    CONFORMANCE_CUDA(cudaMalloc(&d_in, n * sizeof(int)));
    CONFORMANCE_CUDA(cudaMalloc(&d_out, got.size() * sizeof(int)));
    CONFORMANCE_CUDA(cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    shuffle_kernel<<<blocks, dim3(bx, by)>>>(d_in, d_out);
    CONFORMANCE_CUDA(cudaGetLastError());
    CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, got.size() * sizeof(int), cudaMemcpyDeviceToHost));
    const char* names[kFields] = {
        "__shfl_sync broadcast",       "__shfl_sync rotate",
        "__shfl_up_sync",              "__shfl_down_sync",
        "__shfl_xor_sync",             "__shfl_xor_sync width 8",
        "__shfl_sync width 16",        "__shfl_down_sync width 4",
        "__shfl_xor_sync warp sum",    "__shfl_sync of a converted value"};
    for (int f = 0; f < kFields; ++f) {
      std::vector<int> g(n), wv(n);
      for (int i = 0; i < n; ++i) {
        g[i] = got[kFields * i + f];
        wv[i] = want[kFields * i + f];
      }
      conformance::check_equal(g.data(), wv.data(), n, names[f]);
    }
    CONFORMANCE_CUDA(cudaFree(d_in));
    CONFORMANCE_CUDA(cudaFree(d_out));
  }
  {
    const int blocks = 2, threads = 128, n = blocks * threads;
    std::vector<int> in(n);
    for (int i = 0; i < n; ++i) in[i] = (i * 17) % 50 - 5;  // mixed signs
    for (int i = 32; i < 64; ++i) in[i] = i;                // warp 1: all >= 0
    in[70] = 500;                                           // warp 2: one > 100
    std::vector<unsigned> want(5 * n), got(5 * n);
    for (int w = 0; w < n / 32; ++w) {
      unsigned ballot = 0, thirds = 0;
      bool any = false, all = true;
      for (int l = 0; l < 32; ++l) {
        int v = in[32 * w + l];
        if (v > 0) ballot |= 1u << l;
        if (l % 2 == 0 && v % 3 == 0) thirds |= 1u << l;
        any = any || v > 100;
        all = all && v >= 0;
      }
      for (int l = 0; l < 32; ++l) {
        unsigned* o = &want[5 * (32 * w + l)];
        o[0] = ballot;
        o[1] = any;
        o[2] = all;
        o[3] = 0xffffffffu;
        o[4] = l % 2 == 0 ? thirds : 0xdeadu;
      }
    }
    int* d_in;
    unsigned* d_out;
    CONFORMANCE_CUDA(cudaMalloc(&d_in, n * sizeof(int)));
    CONFORMANCE_CUDA(cudaMalloc(&d_out, got.size() * sizeof(unsigned)));
    CONFORMANCE_CUDA(cudaMemcpy(d_in, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    vote_kernel<<<blocks, threads>>>(d_in, d_out);
    CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, got.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
    conformance::check_equal(got.data(), want.data(), got.size(),
                             "__ballot_sync/__any_sync/__all_sync/__activemask and a partial-mask ballot");
    CONFORMANCE_CUDA(cudaFree(d_in));
    CONFORMANCE_CUDA(cudaFree(d_out));
  }
  {
    unsigned* d_out;
    unsigned got[96], want[96];
    for (int t = 0; t < 48; ++t) {
      want[t] = t < 32 ? 0xffffffffu : 0x0000ffffu;
      want[48 + t] = want[t];
    }
    CONFORMANCE_CUDA(cudaMalloc(&d_out, sizeof(got)));
    partial_warp_kernel<<<1, 48>>>(d_out);
    CONFORMANCE_CUDA(cudaMemcpy(got, d_out, sizeof(got), cudaMemcpyDeviceToHost));
    conformance::check_equal(got, want, 96, "partial last warp: __activemask and ballot cover 16 lanes");
    CONFORMANCE_CUDA(cudaFree(d_out));
  }
  return conformance::finish();
}
