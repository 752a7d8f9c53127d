// Source forms that real CUDA programs and toolkit headers use: `extern T
// __shared__ name[]` (qualifier after the type), a header that declares the
// built-in variables itself (`extern const dim3 blockDim;`, as curand's
// MTGP32 kernels do), members named like built-ins, device clock() and
// clock64() counting at the clock rate the device reports (so a spin loop of
// "clockRate * ms" ticks lasts about that many milliseconds), and the
// toolkit's CCCL headers (cuda/std/*).
#include <chrono>

#include <cuda/std/array>
#include <cuda/std/atomic>
#include <cuda/std/limits>

#include "conformance_check.h"

#ifndef __NVCC__
// What a toolkit header compiled for the host declares (nvcc accepts it only
// inside its own headers, hence the guard; cucc must accept it in any file).
extern const dim3 blockDim;
extern const uint3 threadIdx;
#endif

extern float __shared__ qualifier_after_type[];

struct LaunchShape {
  dim3 gridDim;  // a member named like a built-in
  dim3 blockDim;
};

__global__ void reverse_in_shared(const float* in, float* out, int n) {
  int i = threadIdx.x;
  if (i < n) qualifier_after_type[i] = in[i];
  __syncthreads();
  if (i < n) out[i] = qualifier_after_type[n - 1 - i];
}

__global__ void block_local_extern(int* out) {
  extern int __shared__ local_words[];
  local_words[threadIdx.x] = int(threadIdx.x) * 3;
  __syncthreads();
  out[threadIdx.x] = local_words[blockDim.x - 1 - threadIdx.x];
}

__global__ void shape_of_launch(LaunchShape* shape) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    shape->gridDim = gridDim;
    shape->blockDim = blockDim;
  }
}

// Spins until `ticks` device clock ticks have passed.
__global__ void spin(long long ticks, long long* elapsed) {
  long long start = clock64();
  clock_t start32 = clock();
  while (clock64() - start < ticks) {
  }
  elapsed[0] = clock64() - start;
  elapsed[1] = (long long)(clock() - start32);
}

__global__ void cccl_in_kernel(int* counter, int* out) {
  cuda::std::atomic_ref<int> count(*counter);
  count.fetch_add(1);
  cuda::std::array<int, 3> values{4, 5, 6};
  if (threadIdx.x == 0) out[0] = values[2] + (cuda::std::numeric_limits<short>::max() == 32767 ? 1 : 0);
}

int main() {
  {
    const int n = 100;
    float host[n], back[n], want[n];
    for (int i = 0; i < n; ++i) host[i] = float(i) * 0.5f;
    for (int i = 0; i < n; ++i) want[i] = host[n - 1 - i];
    float *in, *out;
    CONFORMANCE_CUDA(cudaMalloc(&in, sizeof host));
    CONFORMANCE_CUDA(cudaMalloc(&out, sizeof host));
    CONFORMANCE_CUDA(cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice));
    reverse_in_shared<<<1, 128, n * sizeof(float)>>>(in, out, n);
    CONFORMANCE_CUDA(cudaMemcpy(back, out, sizeof back, cudaMemcpyDeviceToHost));
    conformance::check_equal(back, want, n, "extern float __shared__ name[] at file scope");
    CONFORMANCE_CUDA(cudaFree(in));
    CONFORMANCE_CUDA(cudaFree(out));
  }
  {
    int* out;
    int back[64], want[64];
    CONFORMANCE_CUDA(cudaMalloc(&out, sizeof back));
    block_local_extern<<<1, 64, 64 * sizeof(int)>>>(out);
    CONFORMANCE_CUDA(cudaMemcpy(back, out, sizeof back, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 64; ++i) want[i] = (63 - i) * 3;
    conformance::check_equal(back, want, 64, "extern int __shared__ name[] in a kernel");
    CONFORMANCE_CUDA(cudaFree(out));
  }
  {
    LaunchShape* shape;
    CONFORMANCE_CUDA(cudaMallocManaged(&shape, sizeof(LaunchShape)));
    shape_of_launch<<<dim3(3, 2), dim3(8, 4, 2)>>>(shape);
    CONFORMANCE_CUDA(cudaDeviceSynchronize());
    conformance::check(shape->gridDim.x == 3 && shape->gridDim.y == 2 && shape->blockDim.y == 4 &&
                           shape->blockDim.z == 2,
                       "members named gridDim/blockDim next to the built-ins");
    CONFORMANCE_CUDA(cudaFree(shape));
  }
  {
    int clock_khz = 0;
    CONFORMANCE_CUDA(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
    long long* elapsed;
    CONFORMANCE_CUDA(cudaMallocManaged(&elapsed, 2 * sizeof(long long)));
    const long long ticks = 20LL * clock_khz;  // 20 ms at the reported rate
    auto start = std::chrono::steady_clock::now();
    spin<<<1, 1>>>(ticks, elapsed);
    CONFORMANCE_CUDA(cudaDeviceSynchronize());
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::printf("spin of %lld ticks took %.1f ms (clock() counted %lld)\n", ticks, ms, elapsed[1]);
    // Wide bounds: a GPU's boost clock differs from the reported rate.
    conformance::check(ms >= 5 && ms < 2000, "a clockRate * 20 ms spin lasts about 20 ms");
    conformance::check(elapsed[0] >= ticks && elapsed[1] >= ticks / 2, "clock() and clock64() count device ticks");
    CONFORMANCE_CUDA(cudaFree(elapsed));
  }
  {
    int* counter;
    CONFORMANCE_CUDA(cudaMallocManaged(&counter, 2 * sizeof(int)));
    counter[0] = 0;
    cccl_in_kernel<<<4, 64>>>(counter, counter + 1);
    CONFORMANCE_CUDA(cudaDeviceSynchronize());
    conformance::check(counter[0] == 256 && counter[1] == 7, "cuda::std::atomic_ref and cuda::std::array in a kernel");
    CONFORMANCE_CUDA(cudaFree(counter));
  }
  return conformance::finish();
}
