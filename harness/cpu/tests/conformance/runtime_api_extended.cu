// The rest of the runtime API that single-GPU programs call: page-locking
// existing host memory and mapping it into kernels, host callbacks in stream
// order, stream priorities and attributes, device limits and PCI identity,
// peer queries on a single device, 2-D/3-D copies and memsets, memory pools,
// symbol sizes, the profiler switches.
#include <cuda_profiler_api.h>

#include <cstring>
#include <vector>

#include "conformance_check.h"

__device__ float device_table[37];

__global__ void add_one(int* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += 1;
}

struct CallbackLog {
  int order[4];
  int count;
};

void CUDART_CB host_function(void* user) {
  auto* log = static_cast<CallbackLog*>(user);
  log->order[log->count++] = 1;
}
void CUDART_CB stream_callback(cudaStream_t, cudaError_t status, void* user) {
  auto* log = static_cast<CallbackLog*>(user);
  log->order[log->count++] = status == cudaSuccess ? 2 : -2;
}

int main() {
  CONFORMANCE_CUDA(cudaProfilerStart());
  {  // cudaHostRegister: a kernel writes through the mapped pointer of ordinary memory
    const int n = 1000;
    std::vector<int> host(n);
    for (int i = 0; i < n; ++i) host[i] = i;
    CONFORMANCE_CUDA(cudaHostRegister(host.data(), n * sizeof(int), cudaHostRegisterMapped));
    int* mapped = nullptr;
    CONFORMANCE_CUDA(cudaHostGetDevicePointer(reinterpret_cast<void**>(&mapped), host.data(), 0));
    unsigned flags = 0;
    CONFORMANCE_CUDA(cudaHostGetFlags(&flags, host.data()));
    add_one<<<(n + 127) / 128, 128>>>(mapped, n);
    CONFORMANCE_CUDA(cudaDeviceSynchronize());
    bool ok = true;
    for (int i = 0; i < n; ++i) ok = ok && host[i] == i + 1;
    conformance::check(ok && (flags & cudaHostRegisterMapped), "kernel writes registered host memory");
    CONFORMANCE_CUDA(cudaHostUnregister(host.data()));
    conformance::check(cudaHostUnregister(host.data()) == cudaErrorHostMemoryNotRegistered &&
                           cudaGetLastError() == cudaErrorHostMemoryNotRegistered,
                       "unregistering twice is refused");
  }
  {  // host functions and callbacks run after the work before them, in order
    int* data;
    CONFORMANCE_CUDA(cudaMalloc(&data, 64 * sizeof(int)));
    CONFORMANCE_CUDA(cudaMemset(data, 0, 64 * sizeof(int)));
    cudaStream_t stream;
    CONFORMANCE_CUDA(cudaStreamCreate(&stream));
    CallbackLog log = {{0, 0, 0, 0}, 0};
    add_one<<<1, 64, 0, stream>>>(data, 64);
    CONFORMANCE_CUDA(cudaLaunchHostFunc(stream, host_function, &log));
    CONFORMANCE_CUDA(cudaStreamAddCallback(stream, stream_callback, &log, 0));
    CONFORMANCE_CUDA(cudaStreamSynchronize(stream));
    int first = 0;
    CONFORMANCE_CUDA(cudaMemcpy(&first, data, sizeof(int), cudaMemcpyDeviceToHost));
    conformance::check(log.count == 2 && log.order[0] == 1 && log.order[1] == 2 && first == 1,
                       "cudaLaunchHostFunc and cudaStreamAddCallback run in stream order");

    cudaStreamAttrValue window;
    std::memset(&window, 0, sizeof(window));
    window.accessPolicyWindow.base_ptr = data;
    window.accessPolicyWindow.num_bytes = 64 * sizeof(int);
    window.accessPolicyWindow.hitRatio = 0.5f;
    window.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
    window.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
    CONFORMANCE_CUDA(cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &window));
    cudaStreamAttrValue back;
    CONFORMANCE_CUDA(cudaStreamGetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &back));
    CONFORMANCE_CUDA(cudaCtxResetPersistingL2Cache());
    conformance::check(back.accessPolicyWindow.base_ptr == data && back.accessPolicyWindow.hitRatio == 0.5f,
                       "stream access policy window reads back");
    CONFORMANCE_CUDA(cudaStreamDestroy(stream));

    int least = 1, greatest = 1, priority = 1;
    CONFORMANCE_CUDA(cudaDeviceGetStreamPriorityRange(&least, &greatest));
    cudaStream_t urgent;
    CONFORMANCE_CUDA(cudaStreamCreateWithPriority(&urgent, cudaStreamNonBlocking, greatest));
    CONFORMANCE_CUDA(cudaStreamGetPriority(urgent, &priority));
    unsigned stream_flags = 0;
    CONFORMANCE_CUDA(cudaStreamGetFlags(urgent, &stream_flags));
    cudaStreamCaptureStatus capture = cudaStreamCaptureStatusActive;
    CONFORMANCE_CUDA(cudaStreamIsCapturing(urgent, &capture));
    conformance::check(greatest <= least && priority == greatest && stream_flags == cudaStreamNonBlocking &&
                           capture == cudaStreamCaptureStatusNone,
                       "stream priority, flags and capture status");
    CONFORMANCE_CUDA(cudaStreamDestroy(urgent));
    CONFORMANCE_CUDA(cudaFree(data));
  }
  {  // limits, PCI identity, single-device peer queries
    size_t heap = 0;
    CONFORMANCE_CUDA(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64 << 20));
    CONFORMANCE_CUDA(cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize));
    char bus_id[32] = {0};
    int device = -1, can_access = -1;
    CONFORMANCE_CUDA(cudaDeviceGetPCIBusId(bus_id, sizeof(bus_id), 0));
    CONFORMANCE_CUDA(cudaDeviceGetByPCIBusId(&device, bus_id));
    CONFORMANCE_CUDA(cudaDeviceCanAccessPeer(&can_access, 0, 0));
    conformance::check(heap == (64 << 20), "cudaDeviceSetLimit / GetLimit round trip");
    conformance::check(device == 0 && bus_id[0] != '\0', "PCI bus id names device 0");
    conformance::check(can_access == 0, "a device is not its own peer");
  }
  {  // pitched 2-D and 3-D buffers
    const size_t w = 5, h = 3, d = 2;
    cudaPitchedPtr pitched;
    CONFORMANCE_CUDA(cudaMalloc3D(&pitched, make_cudaExtent(w * sizeof(float), h, d)));
    CONFORMANCE_CUDA(cudaMemset3D(pitched, 0, make_cudaExtent(w * sizeof(float), h, d)));
    std::vector<float> src(w * h * d), dst(w * h * d, -1.0f);
    for (size_t i = 0; i < src.size(); ++i) src[i] = float(i);
    cudaMemcpy3DParms up;
    std::memset(&up, 0, sizeof(up));
    up.srcPtr = make_cudaPitchedPtr(src.data(), w * sizeof(float), w, h);
    up.dstPtr = pitched;
    up.extent = make_cudaExtent(w * sizeof(float), h, d);
    up.kind = cudaMemcpyHostToDevice;
    CONFORMANCE_CUDA(cudaMemcpy3D(&up));
    cudaMemcpy3DParms down = up;
    down.srcPtr = pitched;
    down.dstPtr = make_cudaPitchedPtr(dst.data(), w * sizeof(float), w, h);
    down.kind = cudaMemcpyDeviceToHost;
    CONFORMANCE_CUDA(cudaMemcpy3D(&down));
    conformance::check_equal(dst.data(), src.data(), src.size(), "cudaMalloc3D + cudaMemcpy3D round trip");

    CONFORMANCE_CUDA(cudaMemset2D(pitched.ptr, pitched.pitch, 0, w * sizeof(float), h));
    std::vector<float> row(w * h, -1.0f), zeros(w * h, 0.0f);
    CONFORMANCE_CUDA(cudaMemcpy2DAsync(row.data(), w * sizeof(float), pitched.ptr, pitched.pitch,
                                       w * sizeof(float), h, cudaMemcpyDeviceToHost, 0));
    CONFORMANCE_CUDA(cudaStreamSynchronize(0));
    conformance::check_equal(row.data(), zeros.data(), row.size(), "cudaMemset2D + cudaMemcpy2DAsync");
    CONFORMANCE_CUDA(cudaFree(pitched.ptr));

    float *a, *b;
    float value = 3.5f, got = 0.0f;
    CONFORMANCE_CUDA(cudaMalloc(&a, sizeof(float)));
    CONFORMANCE_CUDA(cudaMalloc(&b, sizeof(float)));
    CONFORMANCE_CUDA(cudaMemcpy(a, &value, sizeof(float), cudaMemcpyHostToDevice));
    CONFORMANCE_CUDA(cudaMemcpyPeer(b, 0, a, 0, sizeof(float)));
    CONFORMANCE_CUDA(cudaMemcpy(&got, b, sizeof(float), cudaMemcpyDeviceToHost));
    conformance::check(got == 3.5f, "cudaMemcpyPeer within device 0");
    CONFORMANCE_CUDA(cudaFree(a));
    CONFORMANCE_CUDA(cudaFree(b));
  }
  {  // memory pools and stream-ordered allocation
    cudaMemPool_t pool;
    CONFORMANCE_CUDA(cudaDeviceGetDefaultMemPool(&pool, 0));
    unsigned long long threshold = ~0ull, read = 0;
    CONFORMANCE_CUDA(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold));
    CONFORMANCE_CUDA(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &read));
    cudaStream_t stream;
    CONFORMANCE_CUDA(cudaStreamCreate(&stream));
    int* data = nullptr;
    CONFORMANCE_CUDA(cudaMallocFromPoolAsync(reinterpret_cast<void**>(&data), 256 * sizeof(int), pool, stream));
    CONFORMANCE_CUDA(cudaMemsetAsync(data, 0, 256 * sizeof(int), stream));
    add_one<<<2, 128, 0, stream>>>(data, 256);
    int last = 0;
    CONFORMANCE_CUDA(cudaMemcpyAsync(&last, data + 255, sizeof(int), cudaMemcpyDeviceToHost, stream));
    CONFORMANCE_CUDA(cudaFreeAsync(data, stream));
    CONFORMANCE_CUDA(cudaStreamSynchronize(stream));
    CONFORMANCE_CUDA(cudaStreamDestroy(stream));
    conformance::check(read == threshold && last == 1, "memory pool attribute and pool allocation");
  }
  {  // symbol size of a __device__ array
    size_t bytes = 0;
    CONFORMANCE_CUDA(cudaGetSymbolSize(&bytes, device_table));
    conformance::check(bytes == sizeof(device_table), "cudaGetSymbolSize");
  }
  CONFORMANCE_CUDA(cudaProfilerStop());
  conformance::check(cudaGetLastError() == cudaSuccess, "no error left behind");
  return conformance::finish();
}
