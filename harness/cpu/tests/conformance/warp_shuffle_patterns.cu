// Warp shuffles in the forms fast kernels use them, with exact results:
//   - __shfl_sync / _up / _down / _xor at the default width and at widths
//     16, 8 and 4 (PTX's segment rules: a source lane index wraps within its
//     segment, a shifted source past the segment keeps the lane's own value),
//     on int, float, double and long long (__half2: warp_half_shuffle_gaps);
//   - shuffles in loops with block-uniform bounds (butterfly sums, shfl_down
//     trees, Kogge-Stone scans with `if (lane >= offset)`, segment scans,
//     loops bounded by warpSize, a kernel parameter and blockDim), in
//     __device__ helpers that return the reduced value, two shuffles back to
//     back and two in one expression (each must read its own exchange, not
//     the other's), shuffles on both sides of a warp-uniform branch;
//   - block reductions and scans whose warp totals go through __shared__
//     memory and are combined by the first warp under `if (warp == 0)` or
//     `if (threadIdx.x < 32)`, on 1-D and 2-D (32x8) blocks and on a block of
//     48 threads, whose second warp has 16 lanes and takes part only with
//     the mask of its live lanes; a 32x8 block whose rows are warps, summed
//     under `if (threadIdx.y == 0)`; the tail of an array, where threads past
//     its end return and the others shuffle with a ballot of the live lanes.
// Lanes follow the linear thread index. Every expected value is computed on
// the host by simulating the documented shuffle semantics on whole warps.
#include <vector>

#include "device_run.h"

constexpr unsigned kFull = 0xffffffffu;

// ---- host reference: PTX shfl.sync on one warp -----------------------------

enum class Mode { idx, up, down, bfly };

// The lane whose value `lane` receives; `b` is the source lane, delta or
// lane mask, taken modulo 32 like PTX's b[4:0].
int source_lane(Mode mode, int lane, int b, int width) {
  const int base = lane & ~(width - 1), last = base + width - 1;
  b &= 31;
  switch (mode) {
    case Mode::idx: return base + (b & (width - 1));
    case Mode::up: return lane - b >= base ? lane - b : lane;
    case Mode::down: return lane + b <= last ? lane + b : lane;
    case Mode::bfly: return (lane ^ b) <= last ? (lane ^ b) : lane;
  }
  return lane;
}

// One shuffle applied to a whole warp; b_of(lane) is each lane's argument.
template <class T, class B>
std::vector<T> shuffle_warp_per_lane(const std::vector<T>& warp, Mode mode, B b_of, int width = 32) {
  std::vector<T> out(32);
  for (int lane = 0; lane < 32; ++lane) out[lane] = warp[source_lane(mode, lane, b_of(lane), width)];
  return out;
}
template <class T>
std::vector<T> shuffle_warp(const std::vector<T>& warp, Mode mode, int b, int width = 32) {
  return shuffle_warp_per_lane(
      warp, mode, [b](int) { return b; }, width);
}

// ---- every shuffle at every width, on five types ---------------------------

// Each type's lane value is made from an int input x, and read back as an
// exact double "key". The host computes the same key from x with host_key.
__device__ int make_value(int x, int*) { return x; }
__device__ float make_value(int x, float*) { return x * 0.5f + 0.25f; }
__device__ double make_value(int x, double*) { return x * 1e10 + 0.5; }             // beyond 32 bits
__device__ long long make_value(int x, long long*) { return x * (1LL << 33) + 7; }  // both words differ

__device__ double key(int v) { return v; }
__device__ double key(float v) { return v; }
__device__ double key(double v) { return v; }
__device__ double key(long long v) { return double(v); }

enum class Type { int32, float32, float64, int64 };
double host_key(Type type, int x) {
  switch (type) {
    case Type::int32: return x;
    case Type::float32: return x * 0.5 + 0.25;
    case Type::float64: return x * 1e10 + 0.5;
    case Type::int64: return double(x * (1LL << 33) + 7);
  }
  return 0;
}

constexpr int kForms = 9;  // shuffle forms per width
constexpr int kWidthGroups = 4;
const int kGroupWidths[kWidthGroups] = {32, 16, 8, 4};

// The nine forms with an explicit width (a helper that holds shuffles).
template <int Width, class T>
__device__ void shuffle_forms(T v, int lane, double* o) {
  o[0] = key(__shfl_sync(kFull, v, 5, Width));         // 5 modulo the width
  o[1] = key(__shfl_sync(kFull, v, lane + 1, Width));  // rotate; wraps within the segment
  o[2] = key(__shfl_sync(kFull, v, lane - 1, Width));  // lane -1 is the segment's last
  o[3] = key(__shfl_up_sync(kFull, v, 1, Width));
  o[4] = key(__shfl_up_sync(kFull, v, 3, Width));
  o[5] = key(__shfl_down_sync(kFull, v, 1, Width));
  o[6] = key(__shfl_down_sync(kFull, v, 3, Width));
  o[7] = key(__shfl_xor_sync(kFull, v, 1, Width));
  o[8] = key(__shfl_xor_sync(kFull, v, Width / 2, Width));
}

template <class T>
__global__ void shuffle_forms_kernel(const int* in, double* out) {
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int i = blockIdx.x * blockDim.x * blockDim.y + t;
  const int lane = t % 32;
  const T v = make_value(in[i], static_cast<T*>(nullptr));
  double* o = out + i * kForms * kWidthGroups;
  // Default width, written in the kernel body.
  o[0] = key(__shfl_sync(kFull, v, 5));
  o[1] = key(__shfl_sync(kFull, v, lane + 1));  // lane 31 reads lane 0
  o[2] = key(__shfl_sync(kFull, v, lane - 1));  // lane 0 reads lane 31
  o[3] = key(__shfl_up_sync(kFull, v, 1));
  o[4] = key(__shfl_up_sync(kFull, v, 3));
  o[5] = key(__shfl_down_sync(kFull, v, 1));
  o[6] = key(__shfl_down_sync(kFull, v, 3));
  o[7] = key(__shfl_xor_sync(kFull, v, 1));
  o[8] = key(__shfl_xor_sync(kFull, v, 16));
  shuffle_forms<16>(v, lane, o + kForms);
  shuffle_forms<8>(v, lane, o + 2 * kForms);
  shuffle_forms<4>(v, lane, o + 3 * kForms);
}

const char* const kTypeNames[] = {"int", "float", "double", "long long"};
const char* const kFormNames[kForms] = {
    "__shfl_sync(v, 5)",      "__shfl_sync(v, lane + 1)", "__shfl_sync(v, lane - 1)",
    "__shfl_up_sync(v, 1)",   "__shfl_up_sync(v, 3)",     "__shfl_down_sync(v, 1)",
    "__shfl_down_sync(v, 3)", "__shfl_xor_sync(v, 1)",    "__shfl_xor_sync(v, width / 2)"};

template <class T>
void check_shuffle_forms(Type type, const std::vector<int>& in, int blocks, dim3 block) {
  const int n = int(in.size());
  int* d_in = conformance::device_copy(in);
  double* d_out = conformance::device_array<double>(size_t(n) * kForms * kWidthGroups);
  shuffle_forms_kernel<T><<<blocks, block>>>(d_in, d_out);
  CONFORMANCE_CUDA(cudaGetLastError());
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  std::vector<double> got = conformance::host_copy(d_out, size_t(n) * kForms * kWidthGroups);
  for (int form = 0; form < kForms; ++form) {
    std::vector<double> got_form, want_form;
    for (int w = 0; w < n / 32; ++w) {
      std::vector<double> warp(32);
      for (int lane = 0; lane < 32; ++lane) warp[lane] = host_key(type, in[32 * w + lane]);
      for (int g = 0; g < kWidthGroups; ++g) {
        const int width = kGroupWidths[g];
        std::vector<double> want;
        switch (form) {
          case 0: want = shuffle_warp(warp, Mode::idx, 5, width); break;
          case 1:
            want = shuffle_warp_per_lane(
                warp, Mode::idx, [](int l) { return l + 1; }, width);
            break;
          case 2:
            want = shuffle_warp_per_lane(
                warp, Mode::idx, [](int l) { return l - 1; }, width);
            break;
          case 3: want = shuffle_warp(warp, Mode::up, 1, width); break;
          case 4: want = shuffle_warp(warp, Mode::up, 3, width); break;
          case 5: want = shuffle_warp(warp, Mode::down, 1, width); break;
          case 6: want = shuffle_warp(warp, Mode::down, 3, width); break;
          case 7: want = shuffle_warp(warp, Mode::bfly, 1, width); break;
          default: want = shuffle_warp(warp, Mode::bfly, width / 2, width); break;
        }
        for (int lane = 0; lane < 32; ++lane) {
          got_form.push_back(got[size_t(32 * w + lane) * kForms * kWidthGroups + g * kForms + form]);
          want_form.push_back(want[lane]);
        }
      }
    }
    char what[160];
    std::snprintf(what, sizeof what, "%s on %s at widths 32 (default), 16, 8 and 4", kFormNames[form],
                  kTypeNames[int(type)]);
    conformance::check_equal(got_form.data(), want_form.data(), got_form.size(), what);
  }
  CONFORMANCE_CUDA(cudaFree(d_in));
  CONFORMANCE_CUDA(cudaFree(d_out));
}

// ---- shuffles in loops, helpers, back to back, in warp-uniform branches ----

__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(kFull, v, offset);
  return v;
}

__device__ int warp_inclusive_scan(int x, int lane) {
  for (int offset = 1; offset < 32; offset *= 2) {
    int y = __shfl_up_sync(kFull, x, offset);
    if (lane >= offset) x += y;
  }
  return x;
}

template <class T>
__device__ T warp_max(T v) {
  for (int mask = 16; mask >= 1; mask /= 2) {
    T other = __shfl_xor_sync(kFull, v, mask);
    v = other > v ? other : v;
  }
  return v;
}

constexpr int kLoopFields = 17;

__global__ void loop_patterns_kernel(const int* in, int* out, int rounds) {
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int i = blockIdx.x * blockDim.x * blockDim.y + t;
  const int lane = t % 32, warp = t / 32;
  const int x = in[i];
  int* o = out + i * kLoopFields;

  o[0] = int(warp_sum(float(x)));  // every lane's partial sum, not only lane 0's

  double d = x + 0.5;  // exact sums of halves
#pragma unroll
  for (int mask = 1; mask < 32; mask <<= 1) d += __shfl_xor_sync(kFull, d, mask);
  o[1] = int(2.0 * d);

  const int inclusive = warp_inclusive_scan(x, lane);
  o[2] = inclusive;
  int exclusive = __shfl_up_sync(kFull, inclusive, 1);
  if (lane == 0) exclusive = 0;
  o[3] = exclusive;

  int segment_scan = x;  // inclusive scans of each 8 lanes
  for (int offset = 1; offset < 8; offset <<= 1) {
    int y = __shfl_up_sync(kFull, segment_scan, offset, 8);
    if ((lane & 7) >= offset) segment_scan += y;
  }
  o[4] = segment_scan;

  o[5] = warp_max(x);

  int smallest = x;  // min to lane 0 with a warpSize bound, then broadcast
  for (int offset = warpSize / 2; offset > 0; offset >>= 1)
    smallest = min(smallest, __shfl_down_sync(kFull, smallest, offset));
  o[6] = __shfl_sync(kFull, smallest, 0);

  int half_sum = x;  // sum of each half-warp, broadcast from its lane 0
  for (int offset = 8; offset > 0; offset /= 2) half_sum += __shfl_down_sync(kFull, half_sum, offset, 16);
  o[7] = __shfl_sync(kFull, half_sum, 0, 16);

  int p = x, q = 3 * x + 1;  // two shuffles per iteration, a parameter's bound
  for (int r = 0; r < rounds; ++r) {
    p = __shfl_down_sync(kFull, p, 1);
    q = __shfl_up_sync(kFull, q, 1);
  }
  o[8] = p;
  o[9] = q;

  // Back to back in one straight run: the second exchange must not read
  // the first one's values.
  const int y = 3 * x + 1;
  const int a = __shfl_up_sync(kFull, x, 1);
  const int b = __shfl_up_sync(kFull, y, 2);
  const int c = __shfl_down_sync(kFull, a, 1);  // shuffles the first one's result
  o[10] = a;
  o[11] = b;
  o[12] = c;
  o[13] = __shfl_xor_sync(kFull, b + c, 3);
  o[14] = __shfl_down_sync(kFull, x, 2) - __shfl_up_sync(kFull, x, 2);  // two in one expression

  int branch;  // a warp-uniform branch with a shuffle on each side
  if (warp % 2 == 0) {
    branch = __shfl_xor_sync(kFull, x, 5);
  } else {
    branch = __shfl_down_sync(kFull, x, 5) + 1000;
  }
  o[15] = branch;

  int rotated_sum = 0;  // a loop bounded by blockDim
  for (int k = 0; k < int(blockDim.y); ++k) rotated_sum += __shfl_sync(kFull, x, (lane + k) % 32);
  o[16] = rotated_sum;
}

// The host's version of loop_patterns_kernel for one warp of the block.
std::vector<std::vector<int>> expected_loop_patterns(const std::vector<int>& x, int warp, int rounds, int block_y) {
  std::vector<std::vector<int>> f(kLoopFields, std::vector<int>(32));
  std::vector<float> s(x.begin(), x.end());
  for (int offset = 16; offset > 0; offset /= 2) {
    std::vector<float> other = shuffle_warp(s, Mode::down, offset);
    for (int l = 0; l < 32; ++l) s[l] += other[l];
  }
  long long total = 0;
  for (int v : x) total += v;
  std::vector<int> inclusive(32), segment(32), half_total(32);
  int running = 0, smallest = x[0], largest = x[0];
  for (int l = 0; l < 32; ++l) {
    inclusive[l] = running += x[l];
    segment[l] = (l % 8 ? segment[l - 1] : 0) + x[l];
    smallest = x[l] < smallest ? x[l] : smallest;
    largest = x[l] > largest ? x[l] : largest;
  }
  for (int l = 0; l < 32; ++l) half_total[l / 16] += x[l];
  std::vector<int> y(32);
  for (int l = 0; l < 32; ++l) y[l] = 3 * x[l] + 1;
  std::vector<int> p = x, q = y;
  for (int r = 0; r < rounds; ++r) {
    p = shuffle_warp(p, Mode::down, 1);
    q = shuffle_warp(q, Mode::up, 1);
  }
  std::vector<int> a = shuffle_warp(x, Mode::up, 1), b = shuffle_warp(y, Mode::up, 2);
  std::vector<int> c = shuffle_warp(a, Mode::down, 1), b_plus_c(32);
  for (int l = 0; l < 32; ++l) b_plus_c[l] = b[l] + c[l];
  std::vector<int> d = shuffle_warp(b_plus_c, Mode::bfly, 3);
  std::vector<int> down2 = shuffle_warp(x, Mode::down, 2), up2 = shuffle_warp(x, Mode::up, 2);
  std::vector<int> xor5 = shuffle_warp(x, Mode::bfly, 5), down5 = shuffle_warp(x, Mode::down, 5);
  for (int l = 0; l < 32; ++l) {
    f[0][l] = int(s[l]);
    f[1][l] = int(2 * total + 32);
    f[2][l] = inclusive[l];
    f[3][l] = l ? inclusive[l - 1] : 0;
    f[4][l] = segment[l];
    f[5][l] = largest;
    f[6][l] = smallest;
    f[7][l] = half_total[l / 16];
    f[8][l] = p[l];
    f[9][l] = q[l];
    f[10][l] = a[l];
    f[11][l] = b[l];
    f[12][l] = c[l];
    f[13][l] = d[l];
    f[14][l] = down2[l] - up2[l];
    f[15][l] = warp % 2 == 0 ? xor5[l] : down5[l] + 1000;
    int rotated = 0;
    for (int k = 0; k < block_y; ++k) rotated += x[(l + k) % 32];
    f[16][l] = rotated;
  }
  return f;
}

void check_loop_patterns(int blocks, dim3 block, int rounds) {
  const int per_block = int(block.x * block.y), n = blocks * per_block;
  const std::vector<int> in = conformance::pattern(n, 11);
  std::vector<int> got = conformance::run_on_device(in, size_t(n) * kLoopFields, [&](const int* d_in, int* d_out) {
    loop_patterns_kernel<<<blocks, block>>>(d_in, d_out, rounds);
  });
  std::vector<std::vector<int>> got_field(kLoopFields), want_field(kLoopFields);
  for (int w = 0; w < n / 32; ++w) {
    std::vector<int> x(in.begin() + 32 * w, in.begin() + 32 * w + 32);
    std::vector<std::vector<int>> want = expected_loop_patterns(x, w % (per_block / 32), rounds, int(block.y));
    for (int f = 0; f < kLoopFields; ++f) {
      for (int l = 0; l < 32; ++l) {
        got_field[f].push_back(got[size_t(32 * w + l) * kLoopFields + f]);
        want_field[f].push_back(want[f][l]);
      }
    }
  }
  const char* names[kLoopFields] = {
      "float warp_sum(float) helper: every lane's shfl_down partial",
      "butterfly __shfl_xor_sync sum of doubles in an unrolled loop",
      "Kogge-Stone inclusive scan with __shfl_up_sync and if (lane >= offset), in a helper",
      "exclusive scan as the inclusive one shifted up by one lane",
      "segment scan at width 8 with if ((lane & 7) >= offset)",
      "template warp_max<int> helper with __shfl_xor_sync",
      "warp min over a warpSize-bounded shfl_down loop, broadcast from lane 0",
      "half-warp sums at width 16, broadcast from each segment's lane 0",
      "__shfl_down_sync repeated over a parameter-bounded loop",
      "__shfl_up_sync in the same loop as another shuffle",
      "back to back: a = __shfl_up_sync(x, 1)",
      "back to back: b = __shfl_up_sync(y, 2) right after a",
      "back to back: __shfl_down_sync of the first shuffle's result",
      "back to back: __shfl_xor_sync of b + c",
      "two shuffles in one expression",
      "shuffles on both sides of a warp-uniform branch",
      "__shfl_sync in a loop bounded by blockDim.y"};
  for (int f = 0; f < kLoopFields; ++f) {
    char what[200];
    std::snprintf(what, sizeof what, "%s (blocks of %ux%u)", names[f], block.x, block.y);
    conformance::check_equal(got_field[f].data(), want_field[f].data(), got_field[f].size(), what);
  }
}

// ---- block reductions and scans through shared memory ---------------------

// Sum of each block: warp sums go to shared memory and the first warp adds
// them under `if (warp == 0)`. Works on 1-D and 2-D blocks (linear index).
__global__ void block_sum_kernel(const int* in, int* out) {
  __shared__ float warp_totals[32];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int threads = blockDim.x * blockDim.y;
  const int lane = t % 32, warp = t / 32;
  float v = warp_sum(float(in[blockIdx.x * threads + t]));
  if (lane == 0) warp_totals[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < threads / 32 ? warp_totals[lane] : 0.0f;
    v = warp_sum(v);
    if (lane == 0) out[blockIdx.x] = int(v);
  }
}

// The same with the guard written `if (threadIdx.x < 32)` on a 1-D block,
// a butterfly that leaves the total in every lane of the first warp, and
// the total handed back to the whole block through shared memory.
__global__ void block_centre_kernel(const int* in, int* out) {
  __shared__ int warp_totals[32];
  __shared__ int block_total;
  const int t = threadIdx.x, lane = t % 32, warp = t / 32;
  const int x = in[blockIdx.x * blockDim.x + t];
  int v = x;
  for (int mask = 16; mask > 0; mask /= 2) v += __shfl_xor_sync(kFull, v, mask);
  if (lane == 0) warp_totals[warp] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    int total = lane < int(blockDim.x) / 32 ? warp_totals[lane] : 0;
    for (int mask = 16; mask > 0; mask /= 2) total += __shfl_xor_sync(kFull, total, mask);
    if (lane == 0) block_total = total;
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = x * int(blockDim.x) - block_total;
}

// Inclusive scan of each block: warp scans, warp totals in shared memory,
// the first warp scans them, every thread adds the previous warps' total.
__global__ void block_scan_kernel(const int* in, int* out) {
  __shared__ int warp_totals[32];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int threads = blockDim.x * blockDim.y;
  const int lane = t % 32, warp = t / 32;
  const int i = blockIdx.x * threads + t;
  int v = warp_inclusive_scan(in[i], lane);
  if (lane == 31) warp_totals[warp] = v;
  __syncthreads();
  if (warp == 0) {
    int total = lane < threads / 32 ? warp_totals[lane] : 0;
    total = warp_inclusive_scan(total, lane);
    warp_totals[lane] = total;
  }
  __syncthreads();
  if (warp > 0) v += warp_totals[warp - 1];
  out[i] = v;
}

// A block of 48 threads: warp 0 is full, warp 1 has lanes 0..15 only. Each
// warp reduces with the mask of its live lanes, adding a shuffled value only
// when its source lane is live; the full warp also broadcasts with the full
// mask. Then the first warp combines the two sums.
__global__ void partial_warp_kernel(const int* in, int* out) {
  __shared__ int warp_totals[2];
  const int t = threadIdx.x, lane = t % 32, warp = t / 32;
  const int live = min(32, int(blockDim.x) - 32 * warp);
  const unsigned mask = live == 32 ? kFull : (1u << live) - 1;
  const int x = in[blockIdx.x * blockDim.x + t];
  int v = x;
  for (int offset = 16; offset > 0; offset /= 2) {
    int other = __shfl_down_sync(mask, v, offset);
    if (lane + offset < live) v += other;
  }
  if (lane == 0) warp_totals[warp] = v;
  int first_of_warp = 0;
  if (warp == 0) first_of_warp = __shfl_sync(kFull, x, 0);  // full mask on the full warp only
  int half_scan = x;                                        // each live lane's inclusive scan within its half-warp
  for (int offset = 1; offset < 16; offset *= 2) {
    int y = __shfl_up_sync(mask, half_scan, offset, 16);
    if ((lane & 15) >= offset) half_scan += y;
  }
  __syncthreads();
  int* o = out + 3 * (blockIdx.x * blockDim.x + t);
  o[0] = warp_totals[0] + warp_totals[1];
  o[1] = first_of_warp;
  o[2] = half_scan;
}

// A 2-D block whose rows are warps (blockDim.x == 32): each row sums with
// butterflies, the row totals meet in shared memory and row 0 adds them
// under `if (threadIdx.y == 0)`.
__global__ void row_sum_kernel(const int* in, int* out) {
  __shared__ int row_totals[32];
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  int v = in[blockIdx.x * blockDim.x * blockDim.y + t];
  for (int mask = 16; mask > 0; mask /= 2) v += __shfl_xor_sync(kFull, v, mask);
  if (threadIdx.x == 0) row_totals[threadIdx.y] = v;
  __syncthreads();
  if (threadIdx.y == 0) {
    int total = threadIdx.x < blockDim.y ? row_totals[threadIdx.x] : 0;
    total = int(warp_sum(float(total)));
    if (threadIdx.x == 0) out[blockIdx.x] = total;
  }
}

// The tail of an array: threads past n return first, and the lanes left
// shuffle with the mask of the live lanes, taken by a ballot before the
// return. Lane 0 writes each warp's sum, every live lane its inclusive scan.
__global__ void tail_kernel(const int* in, int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x % 32;
  const unsigned live = __ballot_sync(kFull, i < n);
  if (i >= n) return;
  const int x = in[i];
  int sum = x;
  for (int offset = 16; offset > 0; offset /= 2) {
    int other = __shfl_down_sync(live, sum, offset);
    if (lane + offset < 32 && ((live >> (lane + offset)) & 1u)) sum += other;
  }
  int scan = x;
  for (int offset = 1; offset < 32; offset *= 2) {
    int y = __shfl_up_sync(live, scan, offset);
    if (lane >= offset) scan += y;
  }
  out[2 * i] = lane == 0 ? sum : 0;
  out[2 * i + 1] = scan;
}

void check_block_patterns() {
  {  // block sums on 1-D blocks of 256 and 2-D blocks of 32x8, and 64x2
    const dim3 shapes[] = {dim3(256), dim3(32, 8), dim3(64, 2)};
    for (const dim3& block : shapes) {
      const int blocks = 5, per_block = int(block.x * block.y), n = blocks * per_block;
      const std::vector<int> in = conformance::pattern(n, 3);
      std::vector<int> got = conformance::run_on_device(
          in, blocks, [&](const int* d_in, int* d_out) { block_sum_kernel<<<blocks, block>>>(d_in, d_out); });
      std::vector<int> want(blocks, 0);
      for (int i = 0; i < n; ++i) want[i / per_block] += in[i];
      char what[160];
      std::snprintf(what, sizeof what, "block sum: warp_sum, totals in __shared__, if (warp == 0) (%ux%u)", block.x,
                    block.y);
      conformance::check_equal(got.data(), want.data(), blocks, what);

      got = conformance::run_on_device(
          in, n, [&](const int* d_in, int* d_out) { block_scan_kernel<<<blocks, block>>>(d_in, d_out); });
      std::vector<int> scan(n);
      for (int i = 0; i < n; ++i) scan[i] = (i % per_block ? scan[i - 1] : 0) + in[i];
      std::snprintf(what, sizeof what, "block scan: warp scans, totals scanned by warp 0 (%ux%u)", block.x, block.y);
      conformance::check_equal(got.data(), scan.data(), n, what);
    }
  }
  {  // the first warp under threadIdx.x < 32, total back to every thread
    const int blocks = 4, threads = 1024, n = blocks * threads;
    const std::vector<int> in = conformance::pattern(n, 5);
    std::vector<int> got = conformance::run_on_device(
        in, n, [&](const int* d_in, int* d_out) { block_centre_kernel<<<blocks, threads>>>(d_in, d_out); });
    std::vector<int> total(blocks, 0), want(n);
    for (int i = 0; i < n; ++i) total[i / threads] += in[i];
    for (int i = 0; i < n; ++i) want[i] = in[i] * threads - total[i / threads];
    conformance::check_equal(got.data(), want.data(), n,
                             "block total by if (threadIdx.x < 32) butterflies, shared back to 1024 threads");
  }
  {  // rows of a 32x8 block are warps
    const int blocks = 4, n = blocks * 256;
    const std::vector<int> in = conformance::pattern(n, 13);
    std::vector<int> got = conformance::run_on_device(
        in, blocks, [&](const int* d_in, int* d_out) { row_sum_kernel<<<blocks, dim3(32, 8)>>>(d_in, d_out); });
    std::vector<int> want(blocks, 0);
    for (int i = 0; i < n; ++i) want[i / 256] += in[i];
    conformance::check_equal(got.data(), want.data(), blocks,
                             "32x8 block sum: row butterflies, row totals added under if (threadIdx.y == 0)");
  }
  {  // 200 elements in blocks of 128: the last warp has 8 live lanes, then none
    const int n = 200, threads = 128, blocks = 2;
    const std::vector<int> in = conformance::pattern(n, 19);
    std::vector<int> got = conformance::run_on_device(
        in, 2 * n, [&](const int* d_in, int* d_out) { tail_kernel<<<blocks, threads>>>(d_in, d_out, n); });
    std::vector<int> want(2 * n, 0);
    for (int i = 0; i < n; ++i) {
      want[2 * i + 1] = (i % 32 ? want[2 * (i - 1) + 1] : 0) + in[i];
      want[2 * (i - i % 32)] += in[i];
    }
    conformance::check_equal(got.data(), want.data(), want.size(),
                             "tail after an early return: shfl_down sum and shfl_up scan on the ballot of live lanes");
  }
  {  // 48 threads: a full warp and a half warp
    const int blocks = 3, threads = 48, n = blocks * threads;
    const std::vector<int> in = conformance::pattern(n, 9);
    std::vector<int> got = conformance::run_on_device(
        in, size_t(3) * n, [&](const int* d_in, int* d_out) { partial_warp_kernel<<<blocks, threads>>>(d_in, d_out); });
    std::vector<int> want(size_t(3) * n);
    for (int b = 0; b < blocks; ++b) {
      int total = 0;
      for (int t = 0; t < threads; ++t) total += in[b * threads + t];
      for (int t = 0; t < threads; ++t) {
        const int i = b * threads + t;
        want[3 * i] = total;
        want[3 * i + 1] = t < 32 ? in[b * threads] : 0;
        int scan = 0;
        for (int s = t - t % 16; s <= t; ++s) scan += in[b * threads + s];
        want[3 * i + 2] = scan;
      }
    }
    conformance::check_equal(got.data(), want.data(), want.size(),
                             "48-thread blocks: live-lane masks on the partial warp, full mask on the full warp");
  }
}

int main() {
  {
    const int blocks = 2;
    const dim3 block(32, 4);
    const std::vector<int> in = conformance::pattern(blocks * 128, 1);
    check_shuffle_forms<int>(Type::int32, in, blocks, block);
    check_shuffle_forms<float>(Type::float32, in, blocks, block);
    check_shuffle_forms<double>(Type::float64, in, blocks, block);
    check_shuffle_forms<long long>(Type::int64, in, blocks, block);
  }
  check_loop_patterns(3, dim3(32, 4), 5);
  check_loop_patterns(2, dim3(96), 3);
  check_block_patterns();
  return conformance::finish();
}
