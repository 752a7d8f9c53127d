// Unit tests of the CPU runtime and its scheduler, driven through the same
// ::cucpu::launch entry point that rewritten `<<<>>>` launches call. Kernels
// are lambdas reading the built-in variables, so no rewriting is involved.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "cucpu/prelude.h"

namespace {

const cucpu::KernelSite kSite{"test_kernel", "runtime_test.cc", 1};

template <class Kernel, class... Args>
cudaError_t run(dim3 grid, dim3 block, Kernel kernel, Args... args) {
  return ::cucpu::launch(kSite, ::cucpu::LaunchConfig(grid, block), [&](auto&... a) { kernel(a...); }, args...);
}

class Runtime : public ::testing::Test {
 protected:
  void TearDown() override { cudaDeviceReset(); }
};

TEST_F(Runtime, MallocPoisonsWithNaNAndCopiesRoundTrip) {
  float* device = nullptr;
  ASSERT_EQ(cudaMalloc(&device, 8 * sizeof(float)), cudaSuccess);
  std::vector<float> host(8, 0.0f);
  ASSERT_EQ(cudaMemcpy(host.data(), device, 8 * sizeof(float), cudaMemcpyDeviceToHost), cudaSuccess);
  for (float value : host) EXPECT_TRUE(std::isnan(value));
  std::vector<float> values = {1, 2, 3, 4, 5, 6, 7, 8};
  ASSERT_EQ(cudaMemcpy(device, values.data(), 8 * sizeof(float), cudaMemcpyHostToDevice), cudaSuccess);
  ASSERT_EQ(cudaMemcpy(host.data(), device, 8 * sizeof(float), cudaMemcpyDefault), cudaSuccess);
  EXPECT_EQ(host, values);
  EXPECT_EQ(cudaFree(device), cudaSuccess);
  EXPECT_EQ(cudaFree(device), cudaErrorInvalidValue);  // double free is caught
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);  // not sticky
}

TEST_F(Runtime, DynamicSharedMemoryStartsPoisonedInEveryBlock) {
  float* out = nullptr;
  cudaMalloc(&out, 3 * sizeof(float));
  ::cucpu::launch(kSite, ::cucpu::LaunchConfig(dim3(3), dim3(16), 16 * sizeof(float)), [](float* o) {
    float* shared = static_cast<float*>(::cucpu::detail::dynamic_shared_memory());
    __syncthreads();
    if (threadIdx.x == 0) o[blockIdx.x] = shared[5];
    __syncthreads();
    shared[threadIdx.x] = 1.0f;  // the next block must not see this
  }, out);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  for (int b = 0; b < 3; ++b) EXPECT_TRUE(std::isnan(out[b])) << "block " << b;
  cudaFree(out);
}

// Split kernels' natural-order loops assume blockIdx.x below
// kNaturalLoopBlocksX (split_kernel.h): later blocks must come with start
// lists, in natural order.
TEST_F(Runtime, BlocksPastTheNaturalLoopLimitStartFromNaturalLists) {
  const unsigned limit = ::cucpu::detail::kNaturalLoopBlocksX, blocks = limit + 2;
  int* listed = nullptr;
  ASSERT_EQ(cudaMalloc(&listed, blocks * sizeof(int)), cudaSuccess);
  // Per block: 0 without lists, 1 with natural-order lists, 2 otherwise.
  ASSERT_EQ(run(dim3(blocks), dim3(3), [](int* out) {
              const ::cucpu::detail::ThreadContext& c = ::cucpu::detail::tls_context;
              int kind = 0;
              if (c.start_order != nullptr) {
                kind = 1;
                for (unsigned i = 0; i < c.start_count; ++i) {
                  if (c.start_order[i] != i || c.start_thread_idx[i].x != i) kind = 2;
                }
              }
              if (threadIdx.x == 0) out[blockIdx.x] = kind;
            }, listed),
            cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  if (std::getenv("CUCPU_SHUFFLE_SEED") != nullptr) {
    // Every block has shuffled lists; three threads keep their natural order
    // in one shuffle of six, so only the lists' presence is certain.
    for (unsigned b : {0u, limit - 1, limit, limit + 1}) EXPECT_NE(listed[b], 0) << "block " << b;
  } else {
    EXPECT_EQ(listed[0], 0);
    EXPECT_EQ(listed[limit - 1], 0);
    EXPECT_EQ(listed[limit], 1);
    EXPECT_EQ(listed[limit + 1], 1);
  }
  cudaFree(listed);
}

TEST_F(Runtime, ElementwiseKernelCoversTheGridOnce) {
  const int n = 10000;
  int* out = nullptr;
  ASSERT_EQ(cudaMalloc(&out, n * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMemset(out, 0, n * sizeof(int)), cudaSuccess);
  run(dim3((n + 127) / 128), dim3(128), [](int* o, int count) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) atomicAdd(&o[i], i + 1);
  }, out, n);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], i + 1) << "element " << i;
  cudaFree(out);
}

TEST_F(Runtime, ThreeDimensionalIndicesAreDistinct) {
  int* seen = nullptr;
  const dim3 grid(2, 3, 2), block(4, 2, 3);
  const int total = 12 * 24;
  cudaMalloc(&seen, total * sizeof(int));
  cudaMemset(seen, 0, total * sizeof(int));
  run(grid, block, [](int* s) {
    unsigned b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    atomicAdd(&s[b * blockDim.x * blockDim.y * blockDim.z + t], 1);
  }, seen);
  for (int i = 0; i < total; ++i) ASSERT_EQ(seen[i], 1) << "slot " << i;
  cudaFree(seen);
}

TEST_F(Runtime, BarrierOrdersSharedMemoryAndReductions) {
  int* out = nullptr;
  cudaMalloc(&out, 4 * sizeof(int));
  run(dim3(4), dim3(256), [](int* o) {
    static thread_local int tile[256];
    tile[threadIdx.x] = threadIdx.x;
    __syncthreads();
    for (int stride = 128; stride > 0; stride >>= 1) {
      if (threadIdx.x < unsigned(stride)) tile[threadIdx.x] += tile[threadIdx.x + stride];
      __syncthreads();
    }
    int count = __syncthreads_count(threadIdx.x % 2 == 0);
    int all = __syncthreads_and(threadIdx.x < 1000);
    int any = __syncthreads_or(threadIdx.x == 7);
    if (threadIdx.x == 0) o[blockIdx.x] = tile[0] + (count == 128) + (all == 1) + (any == 1) - 3;
  }, out);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  for (int b = 0; b < 4; ++b) EXPECT_EQ(out[b], 255 * 256 / 2);
  cudaFree(out);
}

TEST_F(Runtime, ReturnedThreadsCountAsArrived) {
  int* out = nullptr;
  cudaMalloc(&out, sizeof(int));
  *out = 0;
  run(dim3(1), dim3(64), [](int* o) {
    if (threadIdx.x >= 40) return;
    __syncthreads();
    atomicAdd(o, 1);
  }, out);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(*out, 40);
  cudaFree(out);
}

TEST_F(Runtime, WarpShufflesAndVotes) {
  int* out = nullptr;
  cudaMalloc(&out, 64 * 4 * sizeof(int));
  run(dim3(1), dim3(64), [](int* o) {
    int lane = threadIdx.x % 32;
    int sum = lane;
    for (int offset = 16; offset > 0; offset /= 2) sum += __shfl_down_sync(0xffffffffu, sum, offset);
    int broadcast = __shfl_sync(0xffffffffu, sum, 0);
    int up = __shfl_up_sync(0xffffffffu, lane, 1, 8);  // width 8: lane 0 of each group keeps its own
    unsigned ballot = __ballot_sync(0xffffffffu, lane % 3 == 0);
    double xored = __shfl_xor_sync(0xffffffffu, double(lane) + 0.5, 1);
    o[threadIdx.x * 4 + 0] = broadcast;
    o[threadIdx.x * 4 + 1] = up;
    o[threadIdx.x * 4 + 2] = int(ballot == 0x49249249u) + __all_sync(0xffffffffu, lane < 32) + __any_sync(0xffffffffu, lane == 31);
    o[threadIdx.x * 4 + 3] = int(xored * 2);
  }, out);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  for (int t = 0; t < 64; ++t) {
    int lane = t % 32;
    EXPECT_EQ(out[t * 4 + 0], 31 * 32 / 2) << t;
    EXPECT_EQ(out[t * 4 + 1], lane % 8 == 0 ? lane : lane - 1) << t;
    EXPECT_EQ(out[t * 4 + 2], 3) << t;
    EXPECT_EQ(out[t * 4 + 3], (lane ^ 1) * 2 + 1) << t;
  }
  cudaFree(out);
}

TEST_F(Runtime, InvalidConfigurationsDoNotRun) {
  int ran = 0;
  auto kernel = [](int* r) { *r = 1; };
  EXPECT_EQ(run(dim3(1), dim3(1025), kernel, &ran), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(run(dim3(1), dim3(1, 1, 65), kernel, &ran), cudaErrorInvalidValue);
  EXPECT_EQ(run(dim3(0), dim3(32), kernel, &ran), cudaErrorInvalidValue);
  EXPECT_EQ(run(dim3(1, 65536), dim3(32), kernel, &ran), cudaErrorInvalidValue);
  EXPECT_EQ(::cucpu::launch(kSite, ::cucpu::LaunchConfig(dim3(1), dim3(1), 49 * 1024), [&](auto&... a) { kernel(a...); }, &ran),
            cudaErrorInvalidValue);
  EXPECT_EQ(ran, 0);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);  // configuration errors are not sticky
}

TEST_F(Runtime, DeadlockIsReportedAndSticky) {
  testing::internal::CaptureStderr();
  run(dim3(1), dim3(64), [] {
    // Lanes 32..62 wait in a shuffle for lane 63, which waits at the barrier
    // for them: no thread can move.
    if (threadIdx.x >= 32 && threadIdx.x < 63) __shfl_sync(0xffffffffu, 1, 0);
    __syncthreads();
  });
  std::string report = testing::internal::GetCapturedStderr();
  EXPECT_EQ(cudaDeviceSynchronize(), cudaErrorLaunchFailure);
  EXPECT_NE(report.find("cucpu: kernel 'test_kernel' (runtime_test.cc:1)"), std::string::npos) << report;
  EXPECT_NE(report.find("deadlock"), std::string::npos) << report;
  EXPECT_EQ(cudaGetLastError(), cudaErrorLaunchFailure);  // sticky
  int touched = 0;
  run(dim3(1), dim3(1), [](int* t) { *t = 1; }, &touched);
  EXPECT_EQ(touched, 0);  // a broken context runs nothing
  cudaDeviceReset();
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
}

TEST_F(Runtime, WarpCollectiveWaitingForReturnedLanesIsReported) {
  testing::internal::CaptureStderr();
  run(dim3(1), dim3(32), [] {
    if (threadIdx.x == 5) return;
    __shfl_sync(0xffffffffu, 1, 0);
  });
  std::string report = testing::internal::GetCapturedStderr();
  EXPECT_EQ(cudaDeviceSynchronize(), cudaErrorLaunchFailure);
  EXPECT_NE(report.find("0x00000020"), std::string::npos) << report;  // lane 5 is missing
}

TEST_F(Runtime, TrapAndAssertAbandonTheKernel) {
  testing::internal::CaptureStderr();
  run(dim3(2), dim3(32), [] {
    if (blockIdx.x == 1 && threadIdx.x == 3) __trap();
  });
  std::string report = testing::internal::GetCapturedStderr();
  EXPECT_EQ(cudaDeviceSynchronize(), cudaErrorLaunchFailure);
  EXPECT_NE(report.find("block (1,0,0) thread (3,0,0): __trap() called"), std::string::npos) << report;
  cudaDeviceReset();
  testing::internal::CaptureStderr();
  run(dim3(1), dim3(8), [] { assert(threadIdx.x != 6); });
  report = testing::internal::GetCapturedStderr();
  EXPECT_EQ(cudaDeviceSynchronize(), cudaErrorAssert);
  EXPECT_NE(report.find("assertion `threadIdx.x != 6' failed"), std::string::npos) << report;
}

TEST_F(Runtime, ShuffledOrderIsDeterministicAndDiffersFromSequential) {
  // CUCPU_SHUFFLE_SEED is read once per process: runtime_shuffled_test sets it.
  auto order_of = [] {
    std::vector<int> order(64, -1);
    int next = 0;
    run(dim3(1), dim3(64), [](int* o, int* n) { o[(*n)++] = int(threadIdx.x); }, order.data(), &next);
    return order;
  };
  std::vector<int> first = order_of();
  std::vector<int> second = order_of();
  EXPECT_EQ(first, second);
  std::vector<int> sequential(64);
  for (int i = 0; i < 64; ++i) sequential[i] = i;
  const char* seed = std::getenv("CUCPU_SHUFFLE_SEED");
  if (seed != nullptr) EXPECT_NE(first, sequential);
  else EXPECT_EQ(first, sequential);
}

TEST_F(Runtime, DevicePropertiesAndEvents) {
  cudaDeviceProp prop;
  ASSERT_EQ(cudaGetDeviceProperties(&prop, 0), cudaSuccess);
  EXPECT_EQ(prop.warpSize, 32);
  EXPECT_EQ(prop.maxThreadsPerBlock, 1024);
  EXPECT_EQ(prop.sharedMemPerBlock, 48u * 1024);
  EXPECT_NE(std::string(prop.name).find("CPU"), std::string::npos);
  int count = -1;
  EXPECT_EQ(cudaGetDeviceCount(&count), cudaSuccess);
  EXPECT_EQ(count, 1);
  cudaEvent_t start, stop;
  ASSERT_EQ(cudaEventCreate(&start), cudaSuccess);
  ASSERT_EQ(cudaEventCreate(&stop), cudaSuccess);
  float ms = -1;
  EXPECT_EQ(cudaEventElapsedTime(&ms, start, stop), cudaErrorInvalidResourceHandle);  // not recorded
  cudaEventRecord(start);
  cudaEventRecord(stop);
  EXPECT_EQ(cudaEventElapsedTime(&ms, start, stop), cudaSuccess);
  EXPECT_GE(ms, 0.0f);
  EXPECT_EQ(cudaEventDestroy(start), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(start), cudaErrorInvalidResourceHandle);
  cudaEventDestroy(stop);
  cudaStream_t stream;
  ASSERT_EQ(cudaStreamCreate(&stream), cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(stream), cudaSuccess);
  EXPECT_STREQ(cudaGetErrorName(cudaErrorInvalidConfiguration), "cudaErrorInvalidConfiguration");
}

}  // namespace
