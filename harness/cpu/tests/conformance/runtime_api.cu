// The runtime API a judged solution or its harness uses: cudaMalloc/Free,
// cudaMemcpy in every direction (sync and async), cudaMemset(Async),
// cudaDeviceSynchronize, streams, events with elapsed time, error queries
// (cudaGetLastError, cudaPeekAtLastError, cudaGetErrorString/Name),
// cudaGetDeviceProperties/cudaGetDevice/cudaGetDeviceCount, cross-stream
// ordering with cudaStreamWaitEvent, pinned host memory, pitched 2-D copies,
// device and function attributes, and cudaFuncSetAttribute to opt in to more
// than 48 KiB of dynamic shared memory.
#include <cstring>
#include <vector>

#include "conformance_check.h"

__global__ void iota_kernel(int* out, int n, int start) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = start + i;
}

__global__ void busy_kernel(float* data, int n, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = data[i];
  for (int r = 0; r < rounds; ++r) v = v * 0.999f + 0.001f;
  data[i] = v;
}

extern __shared__ int big_smem[];

// Uses 64 KiB of dynamic shared memory: needs cudaFuncSetAttribute first.
__global__ void big_smem_kernel(int* out, int words) {
  for (int i = threadIdx.x; i < words; i += blockDim.x) big_smem[i] = i * 2;
  __syncthreads();
  int sum = 0;
  for (int i = threadIdx.x; i < words; i += blockDim.x) sum += big_smem[words - 1 - i];
  atomicAdd(out, sum);
}

int main() {
  {
    int count = -1, device = -1;
    CONFORMANCE_CUDA(cudaGetDeviceCount(&count));
    CONFORMANCE_CUDA(cudaGetDevice(&device));
    cudaDeviceProp prop;
    std::memset(&prop, 0, sizeof(prop));
    CONFORMANCE_CUDA(cudaGetDeviceProperties(&prop, 0));
    std::printf("device 0: %s, %d SMs, warp %d, %zu B shared/block, %zu B opt-in\n", prop.name,
                prop.multiProcessorCount, prop.warpSize, prop.sharedMemPerBlock,
                prop.sharedMemPerBlockOptin);
    conformance::check(count >= 1 && device == 0, "cudaGetDeviceCount >= 1 and cudaGetDevice == 0");
    conformance::check(prop.warpSize == 32 && prop.maxThreadsPerBlock == 1024 &&
                           prop.maxThreadsDim[0] == 1024 && prop.maxThreadsDim[2] == 64 &&
                           prop.sharedMemPerBlock == 48 * 1024 && prop.multiProcessorCount > 0 &&
                           prop.sharedMemPerBlockOptin >= 64 * 1024 && prop.name[0] != '\0',
                       "cudaGetDeviceProperties reports CUDA limits");
  }
  {  // memcpy in all directions, memset, async variants on a stream
    const int n = 1000;
    std::vector<int> host(n), back(n, 0), want(n);
    int *a, *b;
    CONFORMANCE_CUDA(cudaMalloc(&a, n * sizeof(int)));
    CONFORMANCE_CUDA(cudaMalloc(&b, n * sizeof(int)));
    for (int i = 0; i < n; ++i) host[i] = i * i;
    CONFORMANCE_CUDA(cudaMemcpy(a, host.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CONFORMANCE_CUDA(cudaMemcpy(b, a, n * sizeof(int), cudaMemcpyDeviceToDevice));
    CONFORMANCE_CUDA(cudaMemcpy(back.data(), b, n * sizeof(int), cudaMemcpyDeviceToHost));
    conformance::check_equal(back.data(), host.data(), n, "cudaMemcpy H2D, D2D, D2H");

    CONFORMANCE_CUDA(cudaMemset(b, 0x01, n * sizeof(int)));
    CONFORMANCE_CUDA(cudaMemset(b, 0, 10 * sizeof(int)));
    CONFORMANCE_CUDA(cudaMemcpy(back.data(), b, n * sizeof(int), cudaMemcpyDefault));
    for (int i = 0; i < n; ++i) want[i] = i < 10 ? 0 : 0x01010101;
    conformance::check_equal(back.data(), want.data(), n, "cudaMemset bytes and cudaMemcpyDefault");

    cudaStream_t s1, s2;
    CONFORMANCE_CUDA(cudaStreamCreate(&s1));
    CONFORMANCE_CUDA(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
    CONFORMANCE_CUDA(cudaMemsetAsync(a, 0, n * sizeof(int), s1));
    iota_kernel<<<(n + 255) / 256, 256, 0, s1>>>(a, n, 7);
    CONFORMANCE_CUDA(cudaMemcpyAsync(b, a, n * sizeof(int), cudaMemcpyDeviceToDevice, s1));
    CONFORMANCE_CUDA(cudaMemcpyAsync(back.data(), b, n * sizeof(int), cudaMemcpyDeviceToHost, s1));
    CONFORMANCE_CUDA(cudaStreamSynchronize(s1));
    for (int i = 0; i < n; ++i) want[i] = 7 + i;
    conformance::check_equal(back.data(), want.data(), n, "stream-ordered memsetAsync, kernel, memcpyAsync");

    iota_kernel<<<(n + 255) / 256, 256, 0, s2>>>(a, n, -3);
    CONFORMANCE_CUDA(cudaStreamSynchronize(s2));
    CONFORMANCE_CUDA(cudaMemcpy(back.data(), a, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) want[i] = i - 3;
    conformance::check_equal(back.data(), want.data(), n, "kernel on a non-blocking stream");
    conformance::check(cudaStreamQuery(s2) == cudaSuccess, "cudaStreamQuery after synchronize");
    CONFORMANCE_CUDA(cudaStreamDestroy(s1));
    CONFORMANCE_CUDA(cudaStreamDestroy(s2));
    CONFORMANCE_CUDA(cudaFree(a));
    CONFORMANCE_CUDA(cudaFree(b));
  }
  {  // events: elapsed time is positive and grows with the work
    const int n = 1 << 16;
    float* data;
    CONFORMANCE_CUDA(cudaMalloc(&data, n * sizeof(float)));
    CONFORMANCE_CUDA(cudaMemset(data, 0, n * sizeof(float)));
    cudaEvent_t start, middle, stop;
    CONFORMANCE_CUDA(cudaEventCreate(&start));
    CONFORMANCE_CUDA(cudaEventCreate(&middle));
    CONFORMANCE_CUDA(cudaEventCreate(&stop));
    CONFORMANCE_CUDA(cudaEventRecord(start));
    busy_kernel<<<n / 256, 256>>>(data, n, 10);
    CONFORMANCE_CUDA(cudaEventRecord(middle));
    busy_kernel<<<n / 256, 256>>>(data, n, 300);
    CONFORMANCE_CUDA(cudaEventRecord(stop));
    CONFORMANCE_CUDA(cudaEventSynchronize(stop));
    float short_ms = -1.0f, total_ms = -1.0f;
    CONFORMANCE_CUDA(cudaEventElapsedTime(&short_ms, start, middle));
    CONFORMANCE_CUDA(cudaEventElapsedTime(&total_ms, start, stop));
    std::printf("event timings: short %.4f ms, total %.4f ms\n", short_ms, total_ms);
    conformance::check(short_ms >= 0.0f && total_ms > short_ms, "cudaEventElapsedTime grows with work");
    conformance::check(cudaEventQuery(stop) == cudaSuccess, "cudaEventQuery after synchronize");
    CONFORMANCE_CUDA(cudaEventDestroy(start));
    CONFORMANCE_CUDA(cudaEventDestroy(middle));
    CONFORMANCE_CUDA(cudaEventDestroy(stop));
    CONFORMANCE_CUDA(cudaFree(data));
  }
  {  // error reporting: peek keeps the error, get clears it
    conformance::check(cudaGetLastError() == cudaSuccess, "no pending error at start");
    iota_kernel<<<1, 2048>>>(nullptr, 0, 0);  // too many threads per block
    cudaError_t peeked = cudaPeekAtLastError();
    cudaError_t peeked_again = cudaPeekAtLastError();
    cudaError_t got = cudaGetLastError();
    cudaError_t after = cudaGetLastError();
    conformance::check(peeked == cudaErrorInvalidValue && peeked_again == peeked && got == peeked &&
                           after == cudaSuccess,
                       "cudaPeekAtLastError keeps, cudaGetLastError clears the launch error");
    conformance::check(std::strcmp(cudaGetErrorName(cudaErrorInvalidConfiguration),
                                   "cudaErrorInvalidConfiguration") == 0,
                       "cudaGetErrorName");
    const char* text = cudaGetErrorString(cudaErrorInvalidValue);
    conformance::check(text != nullptr && std::strstr(text, "invalid argument") != nullptr,
                       "cudaGetErrorString(cudaErrorInvalidValue) says invalid argument");
    conformance::check(std::strcmp(cudaGetErrorString(cudaSuccess), "no error") == 0,
                       "cudaGetErrorString(cudaSuccess) is \"no error\"");
  }
  {  // cross-stream ordering through an event, pinned memory, 2-D copies, attributes
    int* d;
    CONFORMANCE_CUDA(cudaMalloc(&d, 32 * sizeof(int)));
    CONFORMANCE_CUDA(cudaMemset(d, 0, 32 * sizeof(int)));
    cudaStream_t first, second;
    cudaEvent_t done;
    CONFORMANCE_CUDA(cudaStreamCreate(&first));
    CONFORMANCE_CUDA(cudaStreamCreate(&second));
    CONFORMANCE_CUDA(cudaEventCreateWithFlags(&done, cudaEventDisableTiming));
    iota_kernel<<<1, 32, 0, first>>>(d, 32, 1);
    CONFORMANCE_CUDA(cudaEventRecord(done, first));
    CONFORMANCE_CUDA(cudaStreamWaitEvent(second, done, 0));
    int* pinned = nullptr;
    CONFORMANCE_CUDA(cudaHostAlloc(reinterpret_cast<void**>(&pinned), 32 * sizeof(int), cudaHostAllocDefault));
    CONFORMANCE_CUDA(cudaMemcpyAsync(pinned, d, 32 * sizeof(int), cudaMemcpyDeviceToHost, second));
    CONFORMANCE_CUDA(cudaStreamSynchronize(second));
    bool ordered = true;
    for (int i = 0; i < 32; ++i) ordered = ordered && pinned[i] == 1 + i;
    conformance::check(ordered, "cudaStreamWaitEvent orders a copy after another stream's kernel");
    CONFORMANCE_CUDA(cudaFreeHost(pinned));
    CONFORMANCE_CUDA(cudaEventDestroy(done));
    CONFORMANCE_CUDA(cudaStreamDestroy(first));
    CONFORMANCE_CUDA(cudaStreamDestroy(second));
    CONFORMANCE_CUDA(cudaFree(d));

    // A 3x2 int block copied into a pitched allocation and back.
    const int host_rows[2][3] = {{1, 2, 3}, {4, 5, 6}};
    int* pitched = nullptr;
    size_t pitch = 0;
    CONFORMANCE_CUDA(cudaMallocPitch(reinterpret_cast<void**>(&pitched), &pitch, 3 * sizeof(int), 2));
    CONFORMANCE_CUDA(cudaMemcpy2D(pitched, pitch, host_rows, 3 * sizeof(int), 3 * sizeof(int), 2,
                                  cudaMemcpyHostToDevice));
    int back_rows[2][3] = {};
    CONFORMANCE_CUDA(cudaMemcpy2D(back_rows, 3 * sizeof(int), pitched, pitch, 3 * sizeof(int), 2,
                                  cudaMemcpyDeviceToHost));
    conformance::check(pitch >= 3 * sizeof(int) && back_rows[0][2] == 3 && back_rows[1][0] == 4 &&
                           back_rows[1][2] == 6,
                       "cudaMallocPitch + cudaMemcpy2D round trip");
    CONFORMANCE_CUDA(cudaFree(pitched));

    int multiprocessors = 0, max_threads = 0;
    CONFORMANCE_CUDA(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, 0));
    CONFORMANCE_CUDA(cudaDeviceGetAttribute(&max_threads, cudaDevAttrMaxThreadsPerBlock, 0));
    cudaFuncAttributes attributes;
    CONFORMANCE_CUDA(cudaFuncGetAttributes(&attributes, iota_kernel));
    conformance::check(multiprocessors > 0 && max_threads == 1024 && attributes.maxThreadsPerBlock > 0,
                       "cudaDeviceGetAttribute and cudaFuncGetAttributes");
  }
  {  // dynamic shared memory above 48 KiB after opting in
    const int words = 16 * 1024;  // 64 KiB
    const size_t bytes = words * sizeof(int);
    CONFORMANCE_CUDA(cudaFuncSetAttribute(big_smem_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          static_cast<int>(bytes)));
    int* sum;
    CONFORMANCE_CUDA(cudaMalloc(&sum, sizeof(int)));
    CONFORMANCE_CUDA(cudaMemset(sum, 0, sizeof(int)));
    big_smem_kernel<<<2, 256, bytes>>>(sum, words);
    conformance::check(cudaGetLastError() == cudaSuccess, "64 KiB dynamic shared memory launch after opt-in");
    int got = 0;
    CONFORMANCE_CUDA(cudaMemcpy(&got, sum, sizeof(int), cudaMemcpyDeviceToHost));
    long long want = 2LL * 2 * (long long)words * (words - 1) / 2;
    conformance::check(got == want, "64 KiB dynamic shared memory contents");
    CONFORMANCE_CUDA(cudaFree(sum));
  }
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  return conformance::finish();
}
