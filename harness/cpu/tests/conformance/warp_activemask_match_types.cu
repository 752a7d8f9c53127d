// Documented semantics of two warp intrinsics that the CPU backend does not
// follow today (KNOWN_GAPS.md, "Warp intrinsics that differ from CUDA's
// documentation"):
//   - __activemask(): "Threads which have exited the program are always
//     marked as inactive." Lanes that returned must not be in the mask; the
//     calling lane always is. (Which of the remaining lanes are converged is
//     not promised, so only these bounds are checked. Inside a branch a GPU
//     may run both sides predicated, so the mask there is printed, not
//     checked.)
//   - __match_any_sync(mask, value) for every type CUDA lists (int, unsigned,
//     long, unsigned long, long long, unsigned long long, float, double):
//     lanes match when their values are equal, all bits of them.
#include <vector>

#include "device_run.h"

constexpr unsigned kFull = 0xffffffffu;

// out[2 * i]: __activemask() on the lower side of a branch (printed only);
// out[2 * i + 1]: after lanes at or past `live` returned (lanes that stay
// write it).
__global__ void activemask_kernel(unsigned* out, int live) {
  const int t = threadIdx.x, lane = t % 32;
  unsigned* o = out + 2 * (blockIdx.x * blockDim.x + t);
  o[0] = 0;
  if (lane < 16) {
    o[0] = __activemask();
  }
  if (lane >= live) return;
  o[1] = __activemask();
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
    const int blocks = 2, threads = 64, live = 20;
    unsigned* d_out = conformance::device_array<unsigned>(2 * blocks * threads);
    CONFORMANCE_CUDA(cudaMemset(d_out, 0, 2 * blocks * threads * sizeof(unsigned)));
    activemask_kernel<<<blocks, threads>>>(d_out, live);
    CONFORMANCE_CUDA(cudaGetLastError());
    CONFORMANCE_CUDA(cudaDeviceSynchronize());
    std::vector<unsigned> got = conformance::host_copy(d_out, 2 * blocks * threads);
    bool exited_ok = true;
    unsigned example_branch = 0, example_exited = 0;
    for (int i = 0; i < blocks * threads; ++i) {
      const int lane = i % 32;
      const unsigned own = 1u << lane;
      if (i == 0) example_branch = got[2 * i];
      if (lane < live) {
        const unsigned m = got[2 * i + 1];
        exited_ok = exited_ok && (m & own) && (m & ~((1u << live) - 1)) == 0;
        if (i == 0) example_exited = m;
      }
    }
    std::printf("lane 0: __activemask() in if (lane < 16): %08x; after lanes >= %d returned: %08x\n", example_branch,
                live, example_exited);
    conformance::check(exited_ok, "__activemask() leaves out lanes that returned");
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
