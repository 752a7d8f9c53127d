// Warp intrinsics on the types CUDA documents beyond int and unsigned:
//   - __shfl_sync / _up / _down / _xor on __half and __half2 (declared by
//     cuda_fp16.h), at the default width and with a width;
//   - __match_any_sync(mask, value) for float, double, long long and
//     unsigned long long: lanes match when their values are equal, all bits
//     of them;
//   - __match_all_sync(mask, value, &pred): the mask when every lane named
//     holds the same value (pred = 1), else 0 (pred = 0), on 32- and 64-bit
//     values.
#include <cuda_fp16.h>

#include <vector>

#include "device_run.h"

constexpr unsigned kFull = 0xffffffffu;
constexpr int kHalfFields = 6;

__global__ void half_shuffle_kernel(float* out) {
  const int lane = threadIdx.x % 32;
  const __half2 pair = __floats2half2_rn(float(lane), float(-2 * lane));
  const __half one = __float2half(float(lane) + 0.5f);
  float* o = out + kHalfFields * threadIdx.x;
  const __half2 broadcast = __shfl_sync(kFull, pair, 5);
  o[0] = __low2float(broadcast);
  o[1] = __high2float(broadcast);
  o[2] = __low2float(__shfl_xor_sync(kFull, pair, 1));
  o[3] = __high2float(__shfl_down_sync(kFull, pair, 2, 8));
  o[4] = __half2float(__shfl_up_sync(kFull, one, 1));
  o[5] = __half2float(__shfl_sync(kFull, one, lane + 1, 16));
}

__global__ void match_all_kernel(int* out) {
  const int lane = threadIdx.x % 32;
  int* o = out + 6 * threadIdx.x;
  int same = -1, differ = -1, wide = -1;
  o[0] = int(__match_all_sync(kFull, 42u, &same));
  o[1] = same;
  o[2] = int(__match_all_sync(kFull, lane % 2, &differ));
  o[3] = differ;
  o[4] = int(__match_all_sync(kFull, (5LL << 32) | 1, &wide));
  o[5] = wide;
}

// Keys equal in their low 32 bits but not in all bits (64-bit), or equal
// once converted to unsigned but not as floating point values.
__global__ void match_types_kernel(unsigned* out) {
  const int lane = threadIdx.x % 32;
  unsigned* o = out + 4 * threadIdx.x;
  o[0] = __match_any_sync(kFull, 1.0f + 0.25f * (lane % 2));               // 1.0 and 1.25
  o[1] = __match_any_sync(kFull, 2.0 + 0.5 * (lane % 3));                  // 2.0, 2.5, 3.0
  o[2] = __match_any_sync(kFull, static_cast<long long>(lane % 2) << 32);  // upper word only
  o[3] = __match_any_sync(kFull, (static_cast<unsigned long long>(lane % 4) << 40) | 7u);
}

int main() {
  {
    float* d_out = conformance::device_array<float>(kHalfFields * 32);
    half_shuffle_kernel<<<1, 32>>>(d_out);
    CONFORMANCE_CUDA(cudaGetLastError());
    CONFORMANCE_CUDA(cudaDeviceSynchronize());
    std::vector<float> got = conformance::host_copy(d_out, kHalfFields * 32), want(kHalfFields * 32);
    for (int lane = 0; lane < 32; ++lane) {
      float* w = &want[kHalfFields * lane];
      const int down = lane % 8 + 2 < 8 ? lane + 2 : lane;
      w[0] = 5.0f;
      w[1] = -10.0f;
      w[2] = float(lane ^ 1);
      w[3] = float(-2 * down);
      w[4] = float(lane ? lane - 1 : 0) + 0.5f;
      w[5] = float(lane / 16 * 16 + (lane + 1) % 16) + 0.5f;
    }
    conformance::check_equal(got.data(), want.data(), got.size(), "__shfl_*_sync on __half2 and __half");
    CONFORMANCE_CUDA(cudaFree(d_out));
  }
  {
    int* d_out = conformance::device_array<int>(6 * 32);
    match_all_kernel<<<1, 32>>>(d_out);
    CONFORMANCE_CUDA(cudaGetLastError());
    CONFORMANCE_CUDA(cudaDeviceSynchronize());
    std::vector<int> got = conformance::host_copy(d_out, 6 * 32), want(6 * 32);
    for (int lane = 0; lane < 32; ++lane) {
      int* w = &want[6 * lane];
      w[0] = int(kFull);
      w[1] = 1;
      w[2] = 0;
      w[3] = 0;
      w[4] = int(kFull);
      w[5] = 1;
    }
    conformance::check_equal(got.data(), want.data(), got.size(), "__match_all_sync on 32- and 64-bit values");
    CONFORMANCE_CUDA(cudaFree(d_out));
  }
  {
    unsigned* d_out = conformance::device_array<unsigned>(4 * 32);
    match_types_kernel<<<1, 32>>>(d_out);
    CONFORMANCE_CUDA(cudaGetLastError());
    CONFORMANCE_CUDA(cudaDeviceSynchronize());
    std::vector<unsigned> got = conformance::host_copy(d_out, 4 * 32);
    const int classes[4] = {2, 3, 2, 4};
    const char* names[4] = {"__match_any_sync(float) compares float values",
                            "__match_any_sync(double) compares double values",
                            "__match_any_sync(long long) compares all 64 bits",
                            "__match_any_sync(unsigned long long) compares all 64 bits"};
    for (int f = 0; f < 4; ++f) {
      std::vector<unsigned> g(32), want(32);
      for (int lane = 0; lane < 32; ++lane) {
        g[lane] = got[4 * lane + f];
        for (int other = 0; other < 32; ++other)
          want[lane] |= unsigned(other % classes[f] == lane % classes[f]) << other;
      }
      conformance::check_equal(g.data(), want.data(), 32, names[f]);
    }
    CONFORMANCE_CUDA(cudaFree(d_out));
  }
  return conformance::finish();
}
