// The one device the CPU backend offers: its properties and attributes,
// device selection, synchronisation and reset, and per-kernel attributes
// (the dynamic shared memory opt-in).
#include <cxxabi.h>
#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

#include "device_limits.h"
#include "runtime_state.h"

namespace cucpu::runtime {
namespace {

struct SharedMemoryOptIn {
  std::string kernel;  // identifier without namespace or template arguments; "" if unknown
  size_t bytes;
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

int worker_count_cached() {
  static int count = worker_count();
  return count;
}

}  // namespace

size_t allowed_dynamic_shared_bytes(const KernelSite& site) {
  size_t allowed = kDefaultSharedBytesPerBlock;
  std::string launched = base_identifier(site.name);
  std::lock_guard<std::mutex> lock(g_opt_in_mutex);
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
cudaError_t cudaSetDeviceFlags(unsigned int) { return cudaSuccess; }
cudaError_t cudaDeviceSynchronize(void) { return sticky_error(); }
cudaError_t cudaDeviceReset(void) {
  clear_errors();
  return cudaSuccess;
}
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache) { return cudaSuccess; }
cudaError_t cudaDeviceSetLimit(enum cudaLimit, size_t) { return cudaSuccess; }
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
  std::memset(prop, 0, sizeof(*prop));
  std::strncpy(prop->name, "CPU backend (cucpu)", sizeof(prop->name) - 1);
  prop->totalGlobalMem = size_t(16) << 30;
  prop->sharedMemPerBlock = kDefaultSharedBytesPerBlock;
  prop->sharedMemPerBlockOptin = kMaxSharedBytesPerBlock;
  prop->sharedMemPerMultiprocessor = kMaxSharedBytesPerBlock + 1024;
  prop->regsPerBlock = 65536;
  prop->regsPerMultiprocessor = 65536;
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
  prop->multiProcessorCount = worker_count_cached();
  prop->maxThreadsPerMultiProcessor = 2048;
  prop->maxBlocksPerMultiProcessor = 32;
  prop->l2CacheSize = 50 << 20;
  prop->memoryBusWidth = 5120;
  prop->concurrentKernels = 1;
  prop->unifiedAddressing = 1;
  prop->managedMemory = 1;
  prop->canMapHostMemory = 1;
  prop->cooperativeLaunch = 0;
  prop->reservedSharedMemPerBlock = 1024;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetAttribute(int* value, enum cudaDeviceAttr attr, int device) {
  if (value == nullptr) return fail(cudaErrorInvalidValue);
  if (device != 0) return fail(cudaErrorInvalidDevice);
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  switch (attr) {
    case cudaDevAttrMaxThreadsPerBlock: *value = prop.maxThreadsPerBlock; break;
    case cudaDevAttrMaxBlockDimX: *value = prop.maxThreadsDim[0]; break;
    case cudaDevAttrMaxBlockDimY: *value = prop.maxThreadsDim[1]; break;
    case cudaDevAttrMaxBlockDimZ: *value = prop.maxThreadsDim[2]; break;
    case cudaDevAttrMaxGridDimX: *value = prop.maxGridSize[0]; break;
    case cudaDevAttrMaxGridDimY: *value = prop.maxGridSize[1]; break;
    case cudaDevAttrMaxGridDimZ: *value = prop.maxGridSize[2]; break;
    case cudaDevAttrMaxSharedMemoryPerBlock: *value = int(prop.sharedMemPerBlock); break;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: *value = int(prop.sharedMemPerBlockOptin); break;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor: *value = int(prop.sharedMemPerMultiprocessor); break;
    case cudaDevAttrWarpSize: *value = prop.warpSize; break;
    case cudaDevAttrMultiProcessorCount: *value = prop.multiProcessorCount; break;
    case cudaDevAttrMaxThreadsPerMultiProcessor: *value = prop.maxThreadsPerMultiProcessor; break;
    case cudaDevAttrMaxBlocksPerMultiprocessor: *value = prop.maxBlocksPerMultiProcessor; break;
    case cudaDevAttrComputeCapabilityMajor: *value = prop.major; break;
    case cudaDevAttrComputeCapabilityMinor: *value = prop.minor; break;
    case cudaDevAttrMaxRegistersPerBlock: *value = prop.regsPerBlock; break;
    case cudaDevAttrL2CacheSize: *value = prop.l2CacheSize; break;
    case cudaDevAttrTotalConstantMemory: *value = int(prop.totalConstMem); break;
    case cudaDevAttrUnifiedAddressing: *value = 1; break;
    case cudaDevAttrManagedMemory: *value = 1; break;
    case cudaDevAttrConcurrentKernels: *value = 1; break;
    case cudaDevAttrCooperativeLaunch: *value = 0; break;
    default: return fail(cudaErrorInvalidValue);
  }
  return cudaSuccess;
}

cudaError_t cudaFuncSetAttribute(const void* func, enum cudaFuncAttribute attr, int value) {
  if (func == nullptr) return fail(cudaErrorInvalidDeviceFunction);
  if (attr == cudaFuncAttributeMaxDynamicSharedMemorySize) {
    if (value < 0 || size_t(value) > kMaxSharedBytesPerBlock) return fail(cudaErrorInvalidValue);
    std::string kernel = kernel_identifier_of(func);
    std::lock_guard<std::mutex> lock(g_opt_in_mutex);
    opt_ins().push_back({kernel, size_t(value)});
    return cudaSuccess;
  }
  if (attr == cudaFuncAttributePreferredSharedMemoryCarveout) return cudaSuccess;
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
  return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* num_blocks, const void*, int block_size, size_t) {
  if (num_blocks == nullptr || block_size <= 0) return fail(cudaErrorInvalidValue);
  *num_blocks = block_size > 1024 ? 0 : 2048 / block_size > 32 ? 32 : 2048 / block_size;
  return cudaSuccess;
}

}  // extern "C"

extern "C" cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* num_blocks, const void* func,
                                                                               int block_size, size_t smem,
                                                                               unsigned int) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessor(num_blocks, func, block_size, smem);
}

// The C form cannot know the kernel's parameter types; the template form in
// cucpu/launch.h (chosen for any kernel pointer) does the launch.
extern "C" cudaError_t cudaLaunchKernel(const void*, dim3, dim3, void**, size_t, cudaStream_t) {
  std::fprintf(stderr, "cucpu: cudaLaunchKernel called with an untyped function pointer (const void*); "
                       "pass the kernel itself so its parameter types are known\n");
  return fail(cudaErrorInvalidDeviceFunction);
}
