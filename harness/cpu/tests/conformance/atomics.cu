// Atomic operations on global and shared memory under heavy contention from
// many blocks: atomicAdd for int, unsigned, float and double, atomicMax/Min,
// atomicCAS (including a CAS-loop float max), atomicExch, atomicAnd/Or/Xor,
// atomicInc/atomicSub, and the returned old values (a ticket counter).
#include <algorithm>
#include <cstring>
#include <vector>

#include "conformance_check.h"

struct Totals {
  int add_int;
  unsigned add_unsigned;
  float add_float;
  double add_double;
  int max_int;
  int min_int;
  unsigned max_unsigned;
  unsigned and_bits;
  unsigned or_bits;
  unsigned xor_bits;
  int sub_int;
  float cas_max_float;
  int exch_count;
};

__device__ float atomic_max_float(float* address, float value) {
  int* as_int = reinterpret_cast<int*>(address);
  int old = *as_int;
  while (__int_as_float(old) < value) {
    int assumed = old;
    old = atomicCAS(as_int, assumed, __float_as_int(value));
    if (old == assumed) break;
  }
  return __int_as_float(old);
}

__global__ void global_atomics_kernel(const int* values, int n, Totals* totals,
                                      int* exch_slot) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = values[i];
  atomicAdd(&totals->add_int, v);
  atomicAdd(&totals->add_unsigned, static_cast<unsigned>(v & 0xff));
  atomicAdd(&totals->add_float, 0.5f);  // exact: a small multiple of 0.5
  atomicAdd(&totals->add_double, 0.25 * (v % 8));
  atomicMax(&totals->max_int, v);
  atomicMin(&totals->min_int, v);
  atomicMax(&totals->max_unsigned, static_cast<unsigned>(v) * 2654435761u);
  atomicAnd(&totals->and_bits, ~(1u << (i % 32)) | (i % 64 < 32 ? 0u : 0xffffffffu));
  atomicOr(&totals->or_bits, 1u << (v % 32 < 0 ? 0 : v % 32));
  atomicXor(&totals->xor_bits, static_cast<unsigned>(v));
  atomicSub(&totals->sub_int, 3);
  atomic_max_float(&totals->cas_max_float, static_cast<float>(v) * 0.125f);
  // Every thread swaps its id in; the sequence of old values must be a
  // permutation of {initial, ids except the last one standing}.
  int previous = atomicExch(exch_slot, i);
  atomicAdd(&totals->exch_count, previous == -1 ? 1000000 : 1);
}

// Takes a ticket from one counter: each thread must get a distinct ticket.
__global__ void ticket_kernel(unsigned* counter, unsigned* tickets, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) tickets[i] = atomicAdd(counter, 1u);
}

// atomicInc wraps at the limit: after n increments from 0 with limit L the
// value is n mod (L + 1).
__global__ void wrap_kernel(unsigned* counter, unsigned limit, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicInc(counter, limit);
}

// Shared-memory atomics: per-block bins with heavy collisions, then each
// block adds its bins to the global result.
__global__ void shared_atomics_kernel(const int* values, int n, int* bins,
                                      float* float_bins, int* block_max) {
  __shared__ int local_bins[8];
  __shared__ float local_float[8];
  __shared__ int local_max;
  if (threadIdx.x < 8) {
    local_bins[threadIdx.x] = 0;
    local_float[threadIdx.x] = 0.0f;
  }
  if (threadIdx.x == 0) local_max = -2147483647 - 1;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    int v = values[i];
    atomicAdd(&local_bins[v & 7], 1);
    atomicAdd(&local_float[v & 7], 1.0f);
    atomicMax(&local_max, v);
  }
  __syncthreads();
  if (threadIdx.x < 8) {
    atomicAdd(&bins[threadIdx.x], local_bins[threadIdx.x]);
    atomicAdd(&float_bins[threadIdx.x], local_float[threadIdx.x]);
  }
  if (threadIdx.x == 0) block_max[blockIdx.x] = local_max;
}

int main() {
  const int n = 200000, threads = 256, blocks = (n + threads - 1) / threads;
  std::vector<int> values(n);
  unsigned state = 12345;
  for (int& v : values) {
    state = state * 1664525u + 1013904223u;
    v = static_cast<int>(state >> 8) % 100000 - 50000;
  }
  int* d_values;
  CONFORMANCE_CUDA(cudaMalloc(&d_values, n * sizeof(int)));
  CONFORMANCE_CUDA(cudaMemcpy(d_values, values.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  {  // global atomics, all threads on one struct
    Totals init{};
    init.max_int = -2147483647 - 1;
    init.min_int = 2147483647;
    init.and_bits = 0xffffffffu;
    init.sub_int = 1000;
    init.cas_max_float = -1e30f;
    Totals want = init;
    for (int i = 0; i < n; ++i) {
      int v = values[i];
      want.add_int += v;
      want.add_unsigned += static_cast<unsigned>(v & 0xff);
      want.add_float += 0.5f;
      want.add_double += 0.25 * (v % 8);
      want.max_int = std::max(want.max_int, v);
      want.min_int = std::min(want.min_int, v);
      want.max_unsigned = std::max(want.max_unsigned, static_cast<unsigned>(v) * 2654435761u);
      want.and_bits &= ~(1u << (i % 32)) | (i % 64 < 32 ? 0u : 0xffffffffu);
      want.or_bits |= 1u << (v % 32 < 0 ? 0 : v % 32);
      want.xor_bits ^= static_cast<unsigned>(v);
      want.sub_int -= 3;
      want.cas_max_float = std::max(want.cas_max_float, static_cast<float>(v) * 0.125f);
    }
    want.exch_count = 1000000 + (n - 1);
    Totals* d_totals;
    int* d_exch;
    const int initial_slot = -1;
    CONFORMANCE_CUDA(cudaMalloc(&d_totals, sizeof(Totals)));
    CONFORMANCE_CUDA(cudaMalloc(&d_exch, sizeof(int)));
    CONFORMANCE_CUDA(cudaMemcpy(d_totals, &init, sizeof(Totals), cudaMemcpyHostToDevice));
    CONFORMANCE_CUDA(cudaMemcpy(d_exch, &initial_slot, sizeof(int), cudaMemcpyHostToDevice));
    global_atomics_kernel<<<blocks, threads>>>(d_values, n, d_totals, d_exch);
    CONFORMANCE_CUDA(cudaGetLastError());
    Totals got;
    int last_slot = -1;
    CONFORMANCE_CUDA(cudaMemcpy(&got, d_totals, sizeof(Totals), cudaMemcpyDeviceToHost));
    CONFORMANCE_CUDA(cudaMemcpy(&last_slot, d_exch, sizeof(int), cudaMemcpyDeviceToHost));
    conformance::check(got.add_int == want.add_int, "atomicAdd(int) under contention");
    conformance::check(got.add_unsigned == want.add_unsigned, "atomicAdd(unsigned) under contention");
    conformance::check(got.add_float == want.add_float, "atomicAdd(float) under contention");
    conformance::check(got.add_double == want.add_double, "atomicAdd(double) under contention");
    conformance::check(got.max_int == want.max_int && got.min_int == want.min_int, "atomicMax/atomicMin(int)");
    conformance::check(got.max_unsigned == want.max_unsigned, "atomicMax(unsigned)");
    conformance::check(got.and_bits == want.and_bits, "atomicAnd");
    conformance::check(got.or_bits == want.or_bits, "atomicOr");
    conformance::check(got.xor_bits == want.xor_bits, "atomicXor");
    conformance::check(got.sub_int == want.sub_int, "atomicSub");
    conformance::check(got.cas_max_float == want.cas_max_float, "atomicCAS loop float max");
    conformance::check(got.exch_count == want.exch_count && last_slot >= 0 && last_slot < n,
                       "atomicExch returns each previous value exactly once");
    CONFORMANCE_CUDA(cudaFree(d_totals));
    CONFORMANCE_CUDA(cudaFree(d_exch));
  }
  {  // tickets: atomicAdd return values are a permutation of 0..n-1
    unsigned* d_counter;
    unsigned* d_tickets;
    CONFORMANCE_CUDA(cudaMalloc(&d_counter, sizeof(unsigned)));
    CONFORMANCE_CUDA(cudaMalloc(&d_tickets, n * sizeof(unsigned)));
    CONFORMANCE_CUDA(cudaMemset(d_counter, 0, sizeof(unsigned)));
    ticket_kernel<<<blocks, threads>>>(d_counter, d_tickets, n);
    std::vector<unsigned> tickets(n);
    CONFORMANCE_CUDA(cudaMemcpy(tickets.data(), d_tickets, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
    std::sort(tickets.begin(), tickets.end());
    bool permutation = true;
    for (int i = 0; i < n; ++i) permutation = permutation && tickets[i] == static_cast<unsigned>(i);
    conformance::check(permutation, "atomicAdd old values form a permutation (tickets)");

    CONFORMANCE_CUDA(cudaMemset(d_counter, 0, sizeof(unsigned)));
    wrap_kernel<<<blocks, threads>>>(d_counter, 999u, n);
    unsigned wrapped = 0;
    CONFORMANCE_CUDA(cudaMemcpy(&wrapped, d_counter, sizeof(unsigned), cudaMemcpyDeviceToHost));
    conformance::check(wrapped == static_cast<unsigned>(n % 1000), "atomicInc wraps at its limit");
    CONFORMANCE_CUDA(cudaFree(d_counter));
    CONFORMANCE_CUDA(cudaFree(d_tickets));
  }
  {  // shared-memory atomics
    const int shared_blocks = 40;
    int* d_bins;
    float* d_float_bins;
    int* d_block_max;
    CONFORMANCE_CUDA(cudaMalloc(&d_bins, 8 * sizeof(int)));
    CONFORMANCE_CUDA(cudaMalloc(&d_float_bins, 8 * sizeof(float)));
    CONFORMANCE_CUDA(cudaMalloc(&d_block_max, shared_blocks * sizeof(int)));
    CONFORMANCE_CUDA(cudaMemset(d_bins, 0, 8 * sizeof(int)));
    CONFORMANCE_CUDA(cudaMemset(d_float_bins, 0, 8 * sizeof(float)));
    shared_atomics_kernel<<<shared_blocks, threads>>>(d_values, n, d_bins, d_float_bins, d_block_max);
    int bins[8], want_bins[8] = {};
    float float_bins[8], want_float[8];
    std::vector<int> block_max(shared_blocks), want_max(shared_blocks, -2147483647 - 1);
    for (int i = 0; i < n; ++i) {
      ++want_bins[values[i] & 7];
      int b = (i / threads) % shared_blocks;
      want_max[b] = std::max(want_max[b], values[i]);
    }
    for (int b = 0; b < 8; ++b) want_float[b] = static_cast<float>(want_bins[b]);
    CONFORMANCE_CUDA(cudaMemcpy(bins, d_bins, sizeof(bins), cudaMemcpyDeviceToHost));
    CONFORMANCE_CUDA(cudaMemcpy(float_bins, d_float_bins, sizeof(float_bins), cudaMemcpyDeviceToHost));
    CONFORMANCE_CUDA(cudaMemcpy(block_max.data(), d_block_max, shared_blocks * sizeof(int), cudaMemcpyDeviceToHost));
    conformance::check_equal(bins, want_bins, 8, "atomicAdd(int) on __shared__ bins");
    conformance::check_equal(float_bins, want_float, 8, "atomicAdd(float) on __shared__ bins");
    conformance::check_equal(block_max.data(), want_max.data(), shared_blocks, "atomicMax on __shared__");
    CONFORMANCE_CUDA(cudaFree(d_bins));
    CONFORMANCE_CUDA(cudaFree(d_float_bins));
    CONFORMANCE_CUDA(cudaFree(d_block_max));
  }
  CONFORMANCE_CUDA(cudaFree(d_values));
  return conformance::finish();
}
