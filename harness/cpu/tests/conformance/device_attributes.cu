// cudaDeviceGetAttribute as device-query programs use it: the attributes
// with and without a cudaDeviceProp field (compute mode, clock rates, GPU
// overlap, ...) all answer, agree with cudaGetDeviceProperties, and leave no
// error behind for cudaGetLastError.
#include <cstring>

#include "conformance_check.h"

struct AttributeAndField {
  cudaDeviceAttr attr;
  const char* name;
  long long property;  // the cudaGetDeviceProperties field it mirrors
};

int main() {
  cudaDeviceProp p;
  std::memset(&p, 0, sizeof(p));
  CONFORMANCE_CUDA(cudaGetDeviceProperties(&p, 0));
  const AttributeAndField mirrored[] = {
      {cudaDevAttrMaxThreadsPerBlock, "MaxThreadsPerBlock", p.maxThreadsPerBlock},
      {cudaDevAttrMaxBlockDimX, "MaxBlockDimX", p.maxThreadsDim[0]},
      {cudaDevAttrMaxGridDimX, "MaxGridDimX", p.maxGridSize[0]},
      {cudaDevAttrMaxSharedMemoryPerBlock, "MaxSharedMemoryPerBlock", (long long)p.sharedMemPerBlock},
      {cudaDevAttrTotalConstantMemory, "TotalConstantMemory", (long long)p.totalConstMem},
      {cudaDevAttrWarpSize, "WarpSize", p.warpSize},
      {cudaDevAttrMaxRegistersPerBlock, "MaxRegistersPerBlock", p.regsPerBlock},
      {cudaDevAttrMultiProcessorCount, "MultiProcessorCount", p.multiProcessorCount},
      {cudaDevAttrIntegrated, "Integrated", p.integrated},
      {cudaDevAttrCanMapHostMemory, "CanMapHostMemory", p.canMapHostMemory},
      {cudaDevAttrConcurrentKernels, "ConcurrentKernels", p.concurrentKernels},
      {cudaDevAttrEccEnabled, "EccEnabled", p.ECCEnabled},
      {cudaDevAttrPciBusId, "PciBusId", p.pciBusID},
      {cudaDevAttrTccDriver, "TccDriver", p.tccDriver},
      {cudaDevAttrGlobalMemoryBusWidth, "GlobalMemoryBusWidth", p.memoryBusWidth},
      {cudaDevAttrL2CacheSize, "L2CacheSize", p.l2CacheSize},
      {cudaDevAttrMaxThreadsPerMultiProcessor, "MaxThreadsPerMultiProcessor", p.maxThreadsPerMultiProcessor},
      {cudaDevAttrAsyncEngineCount, "AsyncEngineCount", p.asyncEngineCount},
      {cudaDevAttrUnifiedAddressing, "UnifiedAddressing", p.unifiedAddressing},
      {cudaDevAttrComputeCapabilityMajor, "ComputeCapabilityMajor", p.major},
      {cudaDevAttrComputeCapabilityMinor, "ComputeCapabilityMinor", p.minor},
      {cudaDevAttrStreamPrioritiesSupported, "StreamPrioritiesSupported", p.streamPrioritiesSupported},
      {cudaDevAttrMaxSharedMemoryPerMultiprocessor, "MaxSharedMemoryPerMultiprocessor",
       (long long)p.sharedMemPerMultiprocessor},
      {cudaDevAttrManagedMemory, "ManagedMemory", p.managedMemory},
      {cudaDevAttrConcurrentManagedAccess, "ConcurrentManagedAccess", p.concurrentManagedAccess},
      {cudaDevAttrCooperativeLaunch, "CooperativeLaunch", p.cooperativeLaunch},
      {cudaDevAttrMaxSharedMemoryPerBlockOptin, "MaxSharedMemoryPerBlockOptin", (long long)p.sharedMemPerBlockOptin},
      {cudaDevAttrMaxBlocksPerMultiprocessor, "MaxBlocksPerMultiprocessor", p.maxBlocksPerMultiProcessor},
      {cudaDevAttrHostRegisterSupported, "HostRegisterSupported", p.hostRegisterSupported},
      {cudaDevAttrMemoryPoolsSupported, "MemoryPoolsSupported", p.memoryPoolsSupported},
      {cudaDevAttrMaxTexture1DWidth, "MaxTexture1DWidth", p.maxTexture1D},
  };
  int disagreements = 0;
  for (const AttributeAndField& entry : mirrored) {
    int value = -1;
    cudaError_t status = cudaDeviceGetAttribute(&value, entry.attr, 0);
    if (status != cudaSuccess || value != entry.property) {
      std::printf("  cudaDevAttr%s: %s, %d (cudaGetDeviceProperties: %lld)\n", entry.name,
                  cudaGetErrorName(status), value, entry.property);
      ++disagreements;
    }
  }
  conformance::check(disagreements == 0, "attributes agree with cudaGetDeviceProperties");

  // Attributes without a property field in CUDA 13, as deviceQuery-style
  // programs read them.
  int compute_mode = -1, clock_khz = -1, memory_clock_khz = -1, overlap = -1, timeout = -1;
  CONFORMANCE_CUDA(cudaDeviceGetAttribute(&compute_mode, cudaDevAttrComputeMode, 0));
  CONFORMANCE_CUDA(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
  CONFORMANCE_CUDA(cudaDeviceGetAttribute(&memory_clock_khz, cudaDevAttrMemoryClockRate, 0));
  CONFORMANCE_CUDA(cudaDeviceGetAttribute(&overlap, cudaDevAttrGpuOverlap, 0));
  CONFORMANCE_CUDA(cudaDeviceGetAttribute(&timeout, cudaDevAttrKernelExecTimeout, 0));
  conformance::check(compute_mode == cudaComputeModeDefault || compute_mode == cudaComputeModeExclusiveProcess,
                     "compute mode lets this process use the device");
  conformance::check(clock_khz >= 100000 && clock_khz <= 5000000, "clock rate is a plausible kHz figure");
  conformance::check(memory_clock_khz > 0, "memory clock rate is positive");
  conformance::check(overlap == 0 || overlap == 1, "GPU overlap is a flag");
  conformance::check(timeout == 0 || timeout == 1, "kernel exec timeout is a flag");
  conformance::check(cudaGetLastError() == cudaSuccess, "no error lingers after successful queries");

  // A bad query still fails, once.
  int value = 0;
  conformance::check(cudaDeviceGetAttribute(&value, cudaDevAttrWarpSize, 1 << 20) == cudaErrorInvalidDevice,
                     "an unknown device is refused");
  conformance::check(cudaGetLastError() == cudaErrorInvalidDevice && cudaGetLastError() == cudaSuccess,
                     "the refusal is the last error, read once");
  return conformance::finish();
}
