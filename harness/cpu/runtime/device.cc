// The one device the CPU backend offers: its properties and attributes,
// device selection, synchronisation and reset, and per-kernel attributes
// (the dynamic shared memory opt-in).
#include <cxxabi.h>
#include <dlfcn.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "cucpu/detail/kernel_services.h"
#include "device_limits.h"
#include "runtime_state.h"

namespace cucpu::runtime {
namespace {

// One kernel function's attributes set with cudaFuncSetAttribute.
struct SharedMemoryOptIn {
  const void* function;  // the kernel (one instantiation of a template)
  std::string kernel;    // its identifier without namespace or template arguments; "" if unknown
  size_t bytes;          // cudaFuncAttributeMaxDynamicSharedMemorySize
  int carveout = -1;     // cudaFuncAttributePreferredSharedMemoryCarveout
};

std::mutex g_opt_in_mutex;
std::vector<SharedMemoryOptIn>& opt_ins() {
  static auto* entries = new std::vector<SharedMemoryOptIn>();
  return *entries;
}


// The plain identifier of a kernel: "ns::k<float, 4>(float*)" -> "k".
std::string base_identifier(std::string text) {
  size_t paren = text.find('(');
  if (paren != std::string::npos) text.resize(paren);
  std::string without_templates;
  int depth = 0;
  for (char c : text) {
    if (c == '<') ++depth;
    else if (c == '>') --depth;
    else if (depth == 0) without_templates += c;
  }
  size_t colon = without_templates.rfind(':');
  if (colon != std::string::npos) without_templates.erase(0, colon + 1);
  while (!without_templates.empty() && (without_templates.back() == ' ' || without_templates.back() == ')'))
    without_templates.pop_back();
  while (!without_templates.empty() && (without_templates.front() == ' ' || without_templates.front() == '('))
    without_templates.erase(0, 1);
  return without_templates;
}

std::string kernel_identifier_of(const void* function) {
  Dl_info info{};
  if (dladdr(function, &info) == 0 || info.dli_sname == nullptr) return "";
  int status = 0;
  char* demangled = abi::__cxa_demangle(info.dli_sname, nullptr, nullptr, &status);
  std::string name = status == 0 && demangled ? demangled : info.dli_sname;
  std::free(demangled);
  return base_identifier(name);
}

SharedMemoryOptIn& opt_in_of(const void* function) {
  for (SharedMemoryOptIn& entry : opt_ins()) {
    if (entry.function == function) return entry;
  }
  opt_ins().push_back({function, kernel_identifier_of(function), kDefaultSharedBytesPerBlock});
  return opt_ins().back();
}

unsigned g_device_flags = cudaDeviceScheduleAuto;
cudaFuncCache g_cache_config = cudaFuncCachePreferNone;

// The part of L2 that access-policy windows may keep (cudaLimitPersistingL2CacheSize's ceiling).
constexpr size_t kPersistingL2CacheMaxBytes = 30 << 20;

// cudaDeviceSetLimit / GetLimit, starting at a GPU's defaults.
std::mutex g_limits_mutex;
std::map<int, size_t>& device_limits() {
  static auto* limits = new std::map<int, size_t>{
      {cudaLimitStackSize, 1024},
      {cudaLimitPrintfFifoSize, 1 << 20},
      {cudaLimitMallocHeapSize, 8 << 20},
      {cudaLimitDevRuntimeSyncDepth, 2},
      {cudaLimitDevRuntimePendingLaunchCount, 2048},
      {cudaLimitMaxL2FetchGranularity, 64},
      {cudaLimitPersistingL2CacheSize, 0},
  };
  return *limits;
}

int worker_count_cached() {
  static int count = worker_count();
  return count;
}

// Values a GPU reports as attributes only (no cudaDeviceProp field in CUDA 13).
// The clock rate is also the rate at which device clock()/clock64() tick.
constexpr int kClockRateKHz = int(::cucpu::detail::kClockTicksPerMillisecond);
constexpr int kMemoryClockRateKHz = 2619000;
constexpr int kSingleToDoublePerfRatio = 2;
constexpr int kMaxTexture1DLinearWidth = 1 << 28;

// The emulated device: the limits the launch checks enforce, H100-like
// values elsewhere, and no surface, IPC, multi-GPU or cluster support.
void fill_device_properties(cudaDeviceProp* prop) {
  std::memset(prop, 0, sizeof(*prop));
  std::strncpy(prop->name, "CPU backend (cucpu)", sizeof(prop->name) - 1);
  std::memcpy(prop->uuid.bytes, "cucpu-emulated-0", sizeof(prop->uuid.bytes));
  prop->totalGlobalMem = size_t(16) << 30;
  prop->sharedMemPerBlock = kDefaultSharedBytesPerBlock;
  prop->regsPerBlock = 65536;
  prop->warpSize = 32;
  prop->memPitch = 2147483647;
  prop->maxThreadsPerBlock = kMaxThreadsPerBlock;
  prop->maxThreadsDim[0] = 1024;
  prop->maxThreadsDim[1] = 1024;
  prop->maxThreadsDim[2] = 64;
  prop->maxGridSize[0] = 2147483647;
  prop->maxGridSize[1] = 65535;
  prop->maxGridSize[2] = 65535;
  prop->totalConstMem = 65536;
  prop->major = 9;
  prop->minor = 0;
  prop->textureAlignment = 512;
  prop->texturePitchAlignment = 32;
  prop->multiProcessorCount = worker_count_cached();
  prop->integrated = 0;
  prop->canMapHostMemory = 1;
  prop->maxTexture1D = 131072;
  prop->maxTexture1DMipmap = 32768;
  prop->maxTexture2D[0] = 131072;
  prop->maxTexture2D[1] = 65536;
  prop->maxTexture2DMipmap[0] = 32768;
  prop->maxTexture2DMipmap[1] = 32768;
  prop->maxTexture2DLinear[0] = 131072;
  prop->maxTexture2DLinear[1] = 65000;
  prop->maxTexture2DLinear[2] = 2097120;
  prop->maxTexture2DGather[0] = 32768;
  prop->maxTexture2DGather[1] = 32768;
  prop->maxTexture3D[0] = prop->maxTexture3D[1] = prop->maxTexture3D[2] = 16384;
  prop->maxTexture3DAlt[0] = prop->maxTexture3DAlt[1] = 8192;
  prop->maxTexture3DAlt[2] = 32768;
  prop->maxTextureCubemap = 32768;
  prop->maxTexture1DLayered[0] = 32768;
  prop->maxTexture1DLayered[1] = 2048;
  prop->maxTexture2DLayered[0] = prop->maxTexture2DLayered[1] = 32768;
  prop->maxTexture2DLayered[2] = 2048;
  prop->maxTextureCubemapLayered[0] = 32768;
  prop->maxTextureCubemapLayered[1] = 2046;
  prop->maxSurface1D = 32768;
  prop->maxSurface2D[0] = 131072;
  prop->maxSurface2D[1] = 65536;
  prop->maxSurface3D[0] = prop->maxSurface3D[1] = prop->maxSurface3D[2] = 16384;
  prop->maxSurface1DLayered[0] = 32768;
  prop->maxSurface1DLayered[1] = 2048;
  prop->maxSurface2DLayered[0] = prop->maxSurface2DLayered[1] = 32768;
  prop->maxSurface2DLayered[2] = 2048;
  prop->maxSurfaceCubemap = 32768;
  prop->maxSurfaceCubemapLayered[0] = 32768;
  prop->maxSurfaceCubemapLayered[1] = 2046;
  prop->surfaceAlignment = 512;
  prop->concurrentKernels = 1;
  prop->ECCEnabled = 0;
  prop->pciBusID = 1;
  prop->pciDeviceID = 0;
  prop->pciDomainID = 0;
  prop->tccDriver = 0;
  prop->asyncEngineCount = 1;
  prop->unifiedAddressing = 1;
  prop->memoryBusWidth = 5120;
  prop->l2CacheSize = 50 << 20;
  prop->persistingL2CacheMaxSize = kPersistingL2CacheMaxBytes;  // accepted; caching is the CPU's own
  prop->maxThreadsPerMultiProcessor = 2048;
  prop->streamPrioritiesSupported = 1;
  prop->globalL1CacheSupported = 1;
  prop->localL1CacheSupported = 1;
  prop->sharedMemPerMultiprocessor = kMaxSharedBytesPerBlock + 1024;
  prop->regsPerMultiprocessor = 65536;
  prop->managedMemory = 1;
  prop->isMultiGpuBoard = 0;
  prop->multiGpuBoardGroupID = 0;
  prop->hostNativeAtomicSupported = 1;  // host and device share memory and atomics
  prop->pageableMemoryAccess = 1;
  prop->concurrentManagedAccess = 1;
  prop->computePreemptionSupported = 1;
  prop->canUseHostPointerForRegisteredMem = 1;
  prop->cooperativeLaunch = 1;  // runtime/cooperative_launch.cc
  prop->sharedMemPerBlockOptin = kMaxSharedBytesPerBlock;
  prop->pageableMemoryAccessUsesHostPageTables = 1;
  prop->directManagedMemAccessFromHost = 1;
  prop->maxBlocksPerMultiProcessor = 32;
  prop->accessPolicyMaxWindowSize = 134213632;  // as an H100 reports it
  prop->reservedSharedMemPerBlock = 1024;
  prop->hostRegisterSupported = 1;
  prop->hostRegisterReadOnlySupported = 1;
  prop->memoryPoolsSupported = 1;
  prop->memoryPoolSupportedHandleTypes = 0;
  prop->clusterLaunch = 0;
  prop->unifiedFunctionPointers = 1;
  prop->deviceNumaConfig = 0;  // cudaDeviceNumaConfigNone
  prop->deviceNumaId = -1;
  prop->hostNumaId = -1;
}

const cudaDeviceProp& device_properties() {
  static const cudaDeviceProp properties = [] {
    cudaDeviceProp p;
    fill_device_properties(&p);
    return p;
  }();
  return properties;
}

}  // namespace

int multiprocessor_count() { return worker_count_cached(); }

// A launch that names its kernel function gets exactly that function's
// opt-in. One that cannot (a template instantiated by argument types that
// differ from its parameter types) falls back to any opt-in of a kernel with
// the same identifier.
size_t allowed_dynamic_shared_bytes(const KernelSite& site, const void* kernel) {
  std::lock_guard<std::mutex> lock(g_opt_in_mutex);
  if (kernel != nullptr) {
    for (const SharedMemoryOptIn& entry : opt_ins()) {
      if (entry.function == kernel) return entry.bytes;
    }
    return kDefaultSharedBytesPerBlock;
  }
  size_t allowed = kDefaultSharedBytesPerBlock;
  std::string launched = base_identifier(site.name);
  for (const SharedMemoryOptIn& entry : opt_ins()) {
    if ((entry.kernel.empty() || entry.kernel == launched) && entry.bytes > allowed) allowed = entry.bytes;
  }
  return allowed;
}

}  // namespace cucpu::runtime

using namespace cucpu::runtime;

extern "C" {

cudaError_t cudaGetDeviceCount(int* count) {
  if (count == nullptr) return fail(cudaErrorInvalidValue);
  *count = 1;
  return cudaSuccess;
}
cudaError_t cudaGetDevice(int* device) {
  if (device == nullptr) return fail(cudaErrorInvalidValue);
  *device = 0;
  return cudaSuccess;
}
cudaError_t cudaSetDevice(int device) { return device == 0 ? cudaSuccess : fail(cudaErrorInvalidDevice); }
cudaError_t cudaSetDeviceFlags(unsigned int flags) {
  g_device_flags = flags;
  return cudaSuccess;
}
cudaError_t cudaGetDeviceFlags(unsigned int* flags) {
  if (flags == nullptr) return fail(cudaErrorInvalidValue);
  *flags = g_device_flags | cudaDeviceMapHost;  // host memory is always mapped here
  return cudaSuccess;
}
cudaError_t cudaInitDevice(int device, unsigned int device_flags, unsigned int) {
  if (device != 0) return fail(cudaErrorInvalidDevice);
  return cudaSetDeviceFlags(device_flags);
}
cudaError_t cudaSetValidDevices(int* devices, int count) {
  if (count < 0 || (count > 0 && devices == nullptr)) return fail(cudaErrorInvalidValue);
  for (int i = 0; i < count; ++i) {
    if (devices[i] != 0) return fail(cudaErrorInvalidDevice);
  }
  return cudaSuccess;
}
cudaError_t cudaChooseDevice(int* device, const struct cudaDeviceProp* prop) {
  if (device == nullptr || prop == nullptr) return fail(cudaErrorInvalidValue);
  *device = 0;
  return cudaSuccess;
}
cudaError_t cudaDeviceGetPCIBusId(char* bus_id, int length, int device) {
  if (bus_id == nullptr || length <= 0) return fail(cudaErrorInvalidValue);
  if (device != 0) return fail(cudaErrorInvalidDevice);
  const cudaDeviceProp& p = device_properties();
  std::snprintf(bus_id, size_t(length), "%08x:%02x:%02x.0", p.pciDomainID, p.pciBusID, p.pciDeviceID);
  return cudaSuccess;
}
cudaError_t cudaDeviceGetByPCIBusId(int* device, const char* bus_id) {
  if (device == nullptr || bus_id == nullptr) return fail(cudaErrorInvalidValue);
  const cudaDeviceProp& p = device_properties();
  unsigned domain = 0, bus = 0, slot = 0;
  int fields = std::sscanf(bus_id, "%x:%x:%x", &domain, &bus, &slot);
  if (fields < 2) return fail(cudaErrorInvalidValue);
  if (fields == 2) {  // "bus:device" without the domain
    slot = bus;
    bus = domain;
    domain = 0;
  }
  if (int(domain) != p.pciDomainID || int(bus) != p.pciBusID || int(slot) != p.pciDeviceID)
    return fail(cudaErrorInvalidDevice);
  *device = 0;
  return cudaSuccess;
}

// One device: no peer can be accessed.
cudaError_t cudaDeviceCanAccessPeer(int* can_access, int device, int peer_device) {
  if (can_access == nullptr) return fail(cudaErrorInvalidValue);
  if (device != 0 || peer_device != 0) return fail(cudaErrorInvalidDevice);
  *can_access = 0;
  return cudaSuccess;
}
cudaError_t cudaDeviceEnablePeerAccess(int peer_device, unsigned int flags) {
  if (flags != 0) return fail(cudaErrorInvalidValue);
  return fail(cudaErrorInvalidDevice);  // the device itself is no peer, and there is no other
}
cudaError_t cudaDeviceDisablePeerAccess(int) { return fail(cudaErrorPeerAccessNotEnabled); }
cudaError_t cudaDeviceGetP2PAttribute(int* value, enum cudaDeviceP2PAttr, int, int) {
  if (value == nullptr) return fail(cudaErrorInvalidValue);
  return fail(cudaErrorInvalidDevice);
}
cudaError_t cudaDeviceFlushGPUDirectRDMAWrites(enum cudaFlushGPUDirectRDMAWritesTarget,
                                               enum cudaFlushGPUDirectRDMAWritesScope) {
  return cudaSuccess;
}

// Limits are stored and read back; only the defaults a GPU reports matter to
// programs (the CPU backend's fibers have their own fixed stacks).
cudaError_t cudaDeviceGetLimit(size_t* value, enum cudaLimit limit) {
  if (value == nullptr) return fail(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(g_limits_mutex);
  auto found = device_limits().find(int(limit));
  if (found == device_limits().end()) return fail(cudaErrorUnsupportedLimit);
  *value = found->second;
  return cudaSuccess;
}
cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache* config) {
  if (config == nullptr) return fail(cudaErrorInvalidValue);
  *config = g_cache_config;
  return cudaSuccess;
}
cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig* config) {
  if (config == nullptr) return fail(cudaErrorInvalidValue);
  *config = cudaSharedMemBankSizeFourByte;
  return cudaSuccess;
}
cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig) { return cudaSuccess; }
cudaError_t cudaFuncSetSharedMemConfig(const void* func, enum cudaSharedMemConfig) {
  return func == nullptr ? fail(cudaErrorInvalidDeviceFunction) : cudaSuccess;
}

// The profiler has nothing to start on the CPU backend.
cudaError_t cudaProfilerStart(void) { return cudaSuccess; }
cudaError_t cudaProfilerStop(void) { return cudaSuccess; }
cudaError_t cudaDeviceSynchronize(void) { return sticky_error(); }
cudaError_t cudaDeviceReset(void) {
  clear_errors();
  return cudaSuccess;
}
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache config) {
  g_cache_config = config;
  return cudaSuccess;
}
cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value) {
  std::lock_guard<std::mutex> lock(g_limits_mutex);
  auto found = device_limits().find(int(limit));
  if (found == device_limits().end()) return fail(cudaErrorUnsupportedLimit);
  // A GPU caps the persisting part of L2 at what the device offers.
  if (limit == cudaLimitPersistingL2CacheSize) value = std::min<size_t>(value, kPersistingL2CacheMaxBytes);
  found->second = value;
  return cudaSuccess;
}
cudaError_t cudaFuncSetCacheConfig(const void*, enum cudaFuncCache) { return cudaSuccess; }
cudaError_t cudaDriverGetVersion(int* version) {
  if (version == nullptr) return fail(cudaErrorInvalidValue);
  *version = CUDART_VERSION;
  return cudaSuccess;
}
cudaError_t cudaRuntimeGetVersion(int* version) {
  if (version == nullptr) return fail(cudaErrorInvalidValue);
  *version = CUDART_VERSION;
  return cudaSuccess;
}

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp* prop, int device) {
  if (prop == nullptr) return fail(cudaErrorInvalidValue);
  if (device != 0) return fail(cudaErrorInvalidDevice);
  fill_device_properties(prop);
  return cudaSuccess;
}

// Every attribute answers with the value cudaGetDeviceProperties reports for
// it; the few that have no property field (clock rates, compute mode, ...)
// come from kClockRateKHz and friends. Reserved attributes answer 0, so no
// enumerator of cudaDeviceAttr leaves an error behind.
cudaError_t cudaDeviceGetAttribute(int* value, enum cudaDeviceAttr attr, int device) {
  if (value == nullptr) return fail(cudaErrorInvalidValue);
  if (device != 0) return fail(cudaErrorInvalidDevice);
  const cudaDeviceProp& p = device_properties();
  switch (attr) {
    case cudaDevAttrMaxThreadsPerBlock: *value = p.maxThreadsPerBlock; break;
    case cudaDevAttrMaxBlockDimX: *value = p.maxThreadsDim[0]; break;
    case cudaDevAttrMaxBlockDimY: *value = p.maxThreadsDim[1]; break;
    case cudaDevAttrMaxBlockDimZ: *value = p.maxThreadsDim[2]; break;
    case cudaDevAttrMaxGridDimX: *value = p.maxGridSize[0]; break;
    case cudaDevAttrMaxGridDimY: *value = p.maxGridSize[1]; break;
    case cudaDevAttrMaxGridDimZ: *value = p.maxGridSize[2]; break;
    case cudaDevAttrMaxSharedMemoryPerBlock: *value = int(p.sharedMemPerBlock); break;
    case cudaDevAttrTotalConstantMemory: *value = int(p.totalConstMem); break;
    case cudaDevAttrWarpSize: *value = p.warpSize; break;
    case cudaDevAttrMaxPitch: *value = int(p.memPitch); break;
    case cudaDevAttrMaxRegistersPerBlock: *value = p.regsPerBlock; break;
    case cudaDevAttrClockRate: *value = kClockRateKHz; break;
    case cudaDevAttrTextureAlignment: *value = int(p.textureAlignment); break;
    case cudaDevAttrGpuOverlap: *value = p.asyncEngineCount > 0; break;
    case cudaDevAttrMultiProcessorCount: *value = p.multiProcessorCount; break;
    case cudaDevAttrKernelExecTimeout: *value = 0; break;
    case cudaDevAttrIntegrated: *value = p.integrated; break;
    case cudaDevAttrCanMapHostMemory: *value = p.canMapHostMemory; break;
    case cudaDevAttrComputeMode: *value = cudaComputeModeDefault; break;
    case cudaDevAttrMaxTexture1DWidth: *value = p.maxTexture1D; break;
    case cudaDevAttrMaxTexture2DWidth: *value = p.maxTexture2D[0]; break;
    case cudaDevAttrMaxTexture2DHeight: *value = p.maxTexture2D[1]; break;
    case cudaDevAttrMaxTexture3DWidth: *value = p.maxTexture3D[0]; break;
    case cudaDevAttrMaxTexture3DHeight: *value = p.maxTexture3D[1]; break;
    case cudaDevAttrMaxTexture3DDepth: *value = p.maxTexture3D[2]; break;
    case cudaDevAttrMaxTexture2DLayeredWidth: *value = p.maxTexture2DLayered[0]; break;
    case cudaDevAttrMaxTexture2DLayeredHeight: *value = p.maxTexture2DLayered[1]; break;
    case cudaDevAttrMaxTexture2DLayeredLayers: *value = p.maxTexture2DLayered[2]; break;
    case cudaDevAttrSurfaceAlignment: *value = int(p.surfaceAlignment); break;
    case cudaDevAttrConcurrentKernels: *value = p.concurrentKernels; break;
    case cudaDevAttrEccEnabled: *value = p.ECCEnabled; break;
    case cudaDevAttrPciBusId: *value = p.pciBusID; break;
    case cudaDevAttrPciDeviceId: *value = p.pciDeviceID; break;
    case cudaDevAttrTccDriver: *value = p.tccDriver; break;
    case cudaDevAttrMemoryClockRate: *value = kMemoryClockRateKHz; break;
    case cudaDevAttrGlobalMemoryBusWidth: *value = p.memoryBusWidth; break;
    case cudaDevAttrL2CacheSize: *value = p.l2CacheSize; break;
    case cudaDevAttrMaxThreadsPerMultiProcessor: *value = p.maxThreadsPerMultiProcessor; break;
    case cudaDevAttrAsyncEngineCount: *value = p.asyncEngineCount; break;
    case cudaDevAttrUnifiedAddressing: *value = p.unifiedAddressing; break;
    case cudaDevAttrMaxTexture1DLayeredWidth: *value = p.maxTexture1DLayered[0]; break;
    case cudaDevAttrMaxTexture1DLayeredLayers: *value = p.maxTexture1DLayered[1]; break;
    case cudaDevAttrMaxTexture2DGatherWidth: *value = p.maxTexture2DGather[0]; break;
    case cudaDevAttrMaxTexture2DGatherHeight: *value = p.maxTexture2DGather[1]; break;
    case cudaDevAttrMaxTexture3DWidthAlt: *value = p.maxTexture3DAlt[0]; break;
    case cudaDevAttrMaxTexture3DHeightAlt: *value = p.maxTexture3DAlt[1]; break;
    case cudaDevAttrMaxTexture3DDepthAlt: *value = p.maxTexture3DAlt[2]; break;
    case cudaDevAttrPciDomainId: *value = p.pciDomainID; break;
    case cudaDevAttrTexturePitchAlignment: *value = int(p.texturePitchAlignment); break;
    case cudaDevAttrMaxTextureCubemapWidth: *value = p.maxTextureCubemap; break;
    case cudaDevAttrMaxTextureCubemapLayeredWidth: *value = p.maxTextureCubemapLayered[0]; break;
    case cudaDevAttrMaxTextureCubemapLayeredLayers: *value = p.maxTextureCubemapLayered[1]; break;
    case cudaDevAttrMaxSurface1DWidth: *value = p.maxSurface1D; break;
    case cudaDevAttrMaxSurface2DWidth: *value = p.maxSurface2D[0]; break;
    case cudaDevAttrMaxSurface2DHeight: *value = p.maxSurface2D[1]; break;
    case cudaDevAttrMaxSurface3DWidth: *value = p.maxSurface3D[0]; break;
    case cudaDevAttrMaxSurface3DHeight: *value = p.maxSurface3D[1]; break;
    case cudaDevAttrMaxSurface3DDepth: *value = p.maxSurface3D[2]; break;
    case cudaDevAttrMaxSurface1DLayeredWidth: *value = p.maxSurface1DLayered[0]; break;
    case cudaDevAttrMaxSurface1DLayeredLayers: *value = p.maxSurface1DLayered[1]; break;
    case cudaDevAttrMaxSurface2DLayeredWidth: *value = p.maxSurface2DLayered[0]; break;
    case cudaDevAttrMaxSurface2DLayeredHeight: *value = p.maxSurface2DLayered[1]; break;
    case cudaDevAttrMaxSurface2DLayeredLayers: *value = p.maxSurface2DLayered[2]; break;
    case cudaDevAttrMaxSurfaceCubemapWidth: *value = p.maxSurfaceCubemap; break;
    case cudaDevAttrMaxSurfaceCubemapLayeredWidth: *value = p.maxSurfaceCubemapLayered[0]; break;
    case cudaDevAttrMaxSurfaceCubemapLayeredLayers: *value = p.maxSurfaceCubemapLayered[1]; break;
    case cudaDevAttrMaxTexture1DLinearWidth: *value = kMaxTexture1DLinearWidth; break;
    case cudaDevAttrMaxTexture2DLinearWidth: *value = p.maxTexture2DLinear[0]; break;
    case cudaDevAttrMaxTexture2DLinearHeight: *value = p.maxTexture2DLinear[1]; break;
    case cudaDevAttrMaxTexture2DLinearPitch: *value = p.maxTexture2DLinear[2]; break;
    case cudaDevAttrMaxTexture2DMipmappedWidth: *value = p.maxTexture2DMipmap[0]; break;
    case cudaDevAttrMaxTexture2DMipmappedHeight: *value = p.maxTexture2DMipmap[1]; break;
    case cudaDevAttrComputeCapabilityMajor: *value = p.major; break;
    case cudaDevAttrComputeCapabilityMinor: *value = p.minor; break;
    case cudaDevAttrMaxTexture1DMipmappedWidth: *value = p.maxTexture1DMipmap; break;
    case cudaDevAttrStreamPrioritiesSupported: *value = p.streamPrioritiesSupported; break;
    case cudaDevAttrGlobalL1CacheSupported: *value = p.globalL1CacheSupported; break;
    case cudaDevAttrLocalL1CacheSupported: *value = p.localL1CacheSupported; break;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor: *value = int(p.sharedMemPerMultiprocessor); break;
    case cudaDevAttrMaxRegistersPerMultiprocessor: *value = p.regsPerMultiprocessor; break;
    case cudaDevAttrManagedMemory: *value = p.managedMemory; break;
    case cudaDevAttrIsMultiGpuBoard: *value = p.isMultiGpuBoard; break;
    case cudaDevAttrMultiGpuBoardGroupID: *value = p.multiGpuBoardGroupID; break;
    case cudaDevAttrHostNativeAtomicSupported: *value = p.hostNativeAtomicSupported; break;
    case cudaDevAttrSingleToDoublePrecisionPerfRatio: *value = kSingleToDoublePerfRatio; break;
    case cudaDevAttrPageableMemoryAccess: *value = p.pageableMemoryAccess; break;
    case cudaDevAttrConcurrentManagedAccess: *value = p.concurrentManagedAccess; break;
    case cudaDevAttrComputePreemptionSupported: *value = p.computePreemptionSupported; break;
    case cudaDevAttrCanUseHostPointerForRegisteredMem: *value = p.canUseHostPointerForRegisteredMem; break;
    case cudaDevAttrCooperativeLaunch: *value = p.cooperativeLaunch; break;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: *value = int(p.sharedMemPerBlockOptin); break;
    case cudaDevAttrCanFlushRemoteWrites: *value = 0; break;
    case cudaDevAttrHostRegisterSupported: *value = p.hostRegisterSupported; break;
    case cudaDevAttrPageableMemoryAccessUsesHostPageTables: *value = p.pageableMemoryAccessUsesHostPageTables; break;
    case cudaDevAttrDirectManagedMemAccessFromHost: *value = p.directManagedMemAccessFromHost; break;
    case cudaDevAttrMaxBlocksPerMultiprocessor: *value = p.maxBlocksPerMultiProcessor; break;
    case cudaDevAttrMaxPersistingL2CacheSize: *value = p.persistingL2CacheMaxSize; break;
    case cudaDevAttrMaxAccessPolicyWindowSize: *value = p.accessPolicyMaxWindowSize; break;
    case cudaDevAttrReservedSharedMemoryPerBlock: *value = int(p.reservedSharedMemPerBlock); break;
    case cudaDevAttrSparseCudaArraySupported: *value = p.sparseCudaArraySupported; break;
    case cudaDevAttrHostRegisterReadOnlySupported: *value = p.hostRegisterReadOnlySupported; break;
    case cudaDevAttrTimelineSemaphoreInteropSupported: *value = p.timelineSemaphoreInteropSupported; break;
    case cudaDevAttrMemoryPoolsSupported: *value = p.memoryPoolsSupported; break;
    case cudaDevAttrGPUDirectRDMASupported: *value = p.gpuDirectRDMASupported; break;
    case cudaDevAttrGPUDirectRDMAFlushWritesOptions: *value = int(p.gpuDirectRDMAFlushWritesOptions); break;
    case cudaDevAttrGPUDirectRDMAWritesOrdering: *value = p.gpuDirectRDMAWritesOrdering; break;
    case cudaDevAttrMemoryPoolSupportedHandleTypes: *value = int(p.memoryPoolSupportedHandleTypes); break;
    case cudaDevAttrClusterLaunch: *value = p.clusterLaunch; break;
    case cudaDevAttrDeferredMappingCudaArraySupported: *value = p.deferredMappingCudaArraySupported; break;
    case cudaDevAttrIpcEventSupport: *value = p.ipcEventSupported; break;
    case cudaDevAttrMemSyncDomainCount: *value = 1; break;
    case cudaDevAttrNumaConfig: *value = p.deviceNumaConfig; break;
    case cudaDevAttrNumaId: *value = p.deviceNumaId; break;
    case cudaDevAttrMpsEnabled: *value = p.mpsEnabled; break;
    case cudaDevAttrHostNumaId: *value = p.hostNumaId; break;
    case cudaDevAttrD3D12CigSupported: *value = 0; break;
    case cudaDevAttrVulkanCigSupported: *value = 0; break;
    case cudaDevAttrGpuPciDeviceId: *value = int(p.gpuPciDeviceID); break;
    case cudaDevAttrGpuPciSubsystemId: *value = int(p.gpuPciSubsystemID); break;
    case cudaDevAttrHostNumaMemoryPoolsSupported: *value = 0; break;
    case cudaDevAttrHostNumaMultinodeIpcSupported: *value = p.hostNumaMultinodeIpcSupported; break;
    case cudaDevAttrHostMemoryPoolsSupported: *value = 0; break;
    case cudaDevAttrOnlyPartialHostNativeAtomicSupported: *value = 0; break;
    case cudaDevAttrMax: return fail(cudaErrorInvalidValue);
    default:
      // The reserved enumerators (cudaDevAttrReserved92, ...) and gaps.
      if (int(attr) > 0 && int(attr) < int(cudaDevAttrMax)) {
        *value = 0;
        break;
      }
      return fail(cudaErrorInvalidValue);
  }
  return cudaSuccess;
}

cudaError_t cudaFuncSetAttribute(const void* func, enum cudaFuncAttribute attr, int value) {
  if (func == nullptr) return fail(cudaErrorInvalidDeviceFunction);
  if (attr == cudaFuncAttributeMaxDynamicSharedMemorySize) {
    if (value < 0 || size_t(value) > kMaxSharedBytesPerBlock) return fail(cudaErrorInvalidValue);
    std::lock_guard<std::mutex> lock(g_opt_in_mutex);
    opt_in_of(func).bytes = size_t(value);
    return cudaSuccess;
  }
  if (attr == cudaFuncAttributePreferredSharedMemoryCarveout) {
    if (value < -1 || value > 100) return fail(cudaErrorInvalidValue);
    std::lock_guard<std::mutex> lock(g_opt_in_mutex);
    opt_in_of(func).carveout = value;
    return cudaSuccess;
  }
  return cudaSuccess;
}

cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes* attr, const void* func) {
  if (attr == nullptr) return fail(cudaErrorInvalidValue);
  if (func == nullptr) return fail(cudaErrorInvalidDeviceFunction);
  std::memset(attr, 0, sizeof(*attr));
  attr->maxThreadsPerBlock = kMaxThreadsPerBlock;
  attr->numRegs = 32;
  attr->ptxVersion = 90;
  attr->binaryVersion = 90;
  attr->maxDynamicSharedSizeBytes = int(kDefaultSharedBytesPerBlock);
  attr->preferredShmemCarveout = -1;
  std::lock_guard<std::mutex> lock(g_opt_in_mutex);
  for (const SharedMemoryOptIn& entry : opt_ins()) {
    if (entry.function != func) continue;
    attr->maxDynamicSharedSizeBytes = int(entry.bytes);
    attr->preferredShmemCarveout = entry.carveout;
  }
  return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* num_blocks, const void*, int block_size, size_t) {
  if (num_blocks == nullptr || block_size <= 0) return fail(cudaErrorInvalidValue);
  *num_blocks = max_active_blocks_per_multiprocessor((unsigned long long)block_size);
  return cudaSuccess;
}

}  // extern "C"

extern "C" cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* num_blocks, const void* func,
                                                                               int block_size, size_t smem,
                                                                               unsigned int) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessor(num_blocks, func, block_size, smem);
}

extern "C" cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t* bytes, const void* func, int num_blocks,
                                                                 int block_size) {
  if (bytes == nullptr || num_blocks <= 0 || block_size <= 0) return fail(cudaErrorInvalidValue);
  if (func == nullptr) return fail(cudaErrorInvalidDeviceFunction);
  *bytes = kMaxSharedBytesPerBlock;  // the CPU backend does not share an SM's memory between blocks
  return cudaSuccess;
}

// The kernel's name as the symbol table has it (mangled, as CUDA reports it).
extern "C" cudaError_t cudaFuncGetName(const char** name, const void* func) {
  if (name == nullptr) return fail(cudaErrorInvalidValue);
  Dl_info info{};
  if (func == nullptr || dladdr(func, &info) == 0 || info.dli_sname == nullptr || info.dli_saddr != func)
    return fail(cudaErrorInvalidDeviceFunction);
  *name = info.dli_sname;
  return cudaSuccess;
}

extern "C" cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t*, const void*, void**) {
  std::fprintf(stderr, "cucpu: cudaLaunchKernelExC called with an untyped function pointer (const void*); "
                       "call cudaLaunchKernelEx with the kernel itself so its parameter types are known\n");
  return fail(cudaErrorInvalidDeviceFunction);
}

// The C form cannot know the kernel's parameter types; the template form in
// cucpu/launch.h (chosen for any kernel pointer) does the launch.
extern "C" cudaError_t cudaLaunchCooperativeKernel(const void*, dim3, dim3, void**, size_t, cudaStream_t) {
  std::fprintf(stderr, "cucpu: cudaLaunchCooperativeKernel called with an untyped function pointer (const void*); "
                       "pass the kernel itself so its parameter types are known\n");
  return fail(cudaErrorInvalidDeviceFunction);
}

extern "C" cudaError_t cudaLaunchKernel(const void*, dim3, dim3, void**, size_t, cudaStream_t) {
  std::fprintf(stderr, "cucpu: cudaLaunchKernel called with an untyped function pointer (const void*); "
                       "pass the kernel itself so its parameter types are known\n");
  return fail(cudaErrorInvalidDeviceFunction);
}
