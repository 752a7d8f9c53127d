// Device memory on the host. cudaMalloc allocates exactly the requested size
// (so AddressSanitizer sees the first byte past the end) and fills it with
// 0xFF bytes, a NaN for every float, so a kernel that leaves an element
// unwritten is caught by the checker instead of passing on a lucky zero.
// Every kind of copy is a memcpy: host and device share one address space.
#include <dlfcn.h>
#include <link.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

#include "cuda_arrays.h"
#include "runtime_state.h"

namespace cucpu::runtime {
namespace {

constexpr unsigned char kPoisonByte = 0xFF;
constexpr size_t kDeviceAlignment = 256;  // what cudaMalloc guarantees

// Live allocations (start -> size), to validate frees and copies.
std::mutex g_allocations_mutex;
std::map<const char*, size_t>& allocations() {
  static auto* live = new std::map<const char*, size_t>();
  return *live;
}

// Host memory the device can address: pinned allocations (cudaHostAlloc,
// cudaMallocHost) and ranges registered with cudaHostRegister, with their
// flags. Host and device share one address space, so the device pointer of
// such memory is the host pointer itself.
struct HostRange {
  size_t bytes;
  unsigned flags;
  bool registered;  // cudaHostRegister (true) or a pinned allocation (false)
};
std::map<const char*, HostRange>& host_ranges() {
  static auto* ranges = new std::map<const char*, HostRange>();
  return *ranges;
}
// The range holding `ptr`, or end(); the caller holds g_allocations_mutex.
std::map<const char*, HostRange>::iterator find_host_range(const void* ptr) {
  auto& ranges = host_ranges();
  auto after = ranges.upper_bound(static_cast<const char*>(ptr));
  if (after == ranges.begin()) return ranges.end();
  auto candidate = std::prev(after);
  bool inside = static_cast<const char*>(ptr) < candidate->first + std::max<size_t>(candidate->second.bytes, 1);
  return inside ? candidate : ranges.end();
}

cudaError_t allocate_pinned(void** out, size_t bytes, unsigned flags);

cudaError_t allocate(void** out, size_t bytes, bool poison) {
  if (sticky_error() != cudaSuccess) return sticky_error();  // a faulted context refuses everything
  if (out == nullptr) return fail(cudaErrorInvalidValue);
  *out = nullptr;
  if (bytes == 0) return cudaSuccess;
  void* memory = nullptr;
  if (posix_memalign(&memory, kDeviceAlignment, bytes) != 0) return fail(cudaErrorMemoryAllocation);
  if (poison) std::memset(memory, kPoisonByte, bytes);
  std::lock_guard<std::mutex> lock(g_allocations_mutex);
  allocations()[static_cast<const char*>(memory)] = bytes;
  *out = memory;
  return cudaSuccess;
}

cudaError_t release(void* memory) {
  if (sticky_error() != cudaSuccess) return sticky_error();
  if (memory == nullptr) return cudaSuccess;
  {
    std::lock_guard<std::mutex> lock(g_allocations_mutex);
    auto found = allocations().find(static_cast<const char*>(memory));
    if (found == allocations().end()) return fail(cudaErrorInvalidValue);
    allocations().erase(found);
    host_ranges().erase(static_cast<const char*>(memory));
  }
  std::free(memory);
  return cudaSuccess;
}

bool valid_kind(cudaMemcpyKind kind) {
  return kind == cudaMemcpyHostToHost || kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToHost ||
         kind == cudaMemcpyDeviceToDevice || kind == cudaMemcpyDefault;
}

cudaError_t copy(void* dst, const void* src, size_t bytes, cudaMemcpyKind kind) {
  if (sticky_error() != cudaSuccess) return sticky_error();
  if (!valid_kind(kind)) return fail(cudaErrorInvalidMemcpyDirection);
  if (bytes == 0) return cudaSuccess;
  if (dst == nullptr || src == nullptr) return fail(cudaErrorInvalidValue);
  std::memmove(dst, src, bytes);
  return cudaSuccess;
}

cudaError_t fill(void* dst, int value, size_t bytes) {
  if (sticky_error() != cudaSuccess) return sticky_error();
  if (bytes == 0) return cudaSuccess;
  if (dst == nullptr) return fail(cudaErrorInvalidValue);
  std::memset(dst, value, bytes);
  return cudaSuccess;
}

cudaError_t allocate_pinned(void** out, size_t bytes, unsigned flags) {
  cudaError_t error = allocate(out, bytes, false);
  if (error != cudaSuccess || *out == nullptr) return error;
  std::lock_guard<std::mutex> lock(g_allocations_mutex);
  host_ranges()[static_cast<const char*>(*out)] = HostRange{bytes, flags, false};
  return cudaSuccess;
}

// Copies a width x height x depth box between pitched buffers.
cudaError_t copy_3d(const cudaPitchedPtr& dst, const cudaPos& dst_pos, const cudaPitchedPtr& src,
                    const cudaPos& src_pos, const cudaExtent& extent, cudaMemcpyKind kind) {
  if (extent.width > dst.pitch || extent.width > src.pitch) return fail(cudaErrorInvalidPitchValue);
  for (size_t z = 0; z < extent.depth; ++z) {
    for (size_t y = 0; y < extent.height; ++y) {
      char* to = static_cast<char*>(dst.ptr) + ((dst_pos.z + z) * dst.ysize + dst_pos.y + y) * dst.pitch + dst_pos.x;
      const char* from =
          static_cast<const char*>(src.ptr) + ((src_pos.z + z) * src.ysize + src_pos.y + y) * src.pitch + src_pos.x;
      cudaError_t error = copy(to, from, extent.width, kind);
      if (error != cudaSuccess) return error;
    }
  }
  return cudaSuccess;
}

// A memory pool is a handle with attributes: allocations from any pool are
// ordinary cudaMalloc allocations, freed at once.
struct MemPoolObject {
  int reuse[3] = {1, 1, 1};  // cudaMemPoolReuse* attributes 1..3
  unsigned long long release_threshold = 0;
};
MemPoolObject* default_pool() {
  static auto* pool = new MemPoolObject();
  return pool;
}
MemPoolObject* g_current_pool = nullptr;  // cudaDeviceSetMemPool; null: the default pool

bool valid_location(const cudaMemLocation* location) {
  return location != nullptr && (location->type == cudaMemLocationTypeDevice && location->id == 0);
}

}  // namespace
}  // namespace cucpu::runtime

using namespace cucpu::runtime;

extern "C" {

cudaError_t cudaMalloc(void** dev_ptr, size_t size) { return allocate(dev_ptr, size, true); }
cudaError_t cudaMallocManaged(void** dev_ptr, size_t size, unsigned int) { return allocate(dev_ptr, size, true); }
cudaError_t cudaMallocHost(void** ptr, size_t size) { return allocate_pinned(ptr, size, cudaHostAllocDefault); }
cudaError_t cudaHostAlloc(void** ptr, size_t size, unsigned int flags) { return allocate_pinned(ptr, size, flags); }
cudaError_t cudaMallocAsync(void** dev_ptr, size_t size, cudaStream_t) { return allocate(dev_ptr, size, true); }
cudaError_t cudaFree(void* dev_ptr) { return release(dev_ptr); }
cudaError_t cudaFreeHost(void* ptr) { return release(ptr); }
cudaError_t cudaFreeAsync(void* dev_ptr, cudaStream_t) { return release(dev_ptr); }

cudaError_t cudaMallocPitch(void** dev_ptr, size_t* pitch, size_t width, size_t height) {
  if (pitch == nullptr) return fail(cudaErrorInvalidValue);
  *pitch = (width + kDeviceAlignment - 1) / kDeviceAlignment * kDeviceAlignment;
  return allocate(dev_ptr, *pitch * height, true);
}

cudaError_t cudaMemcpy(void* dst, const void* src, size_t count, enum cudaMemcpyKind kind) {
  return copy(dst, src, count, kind);
}
cudaError_t cudaMemcpyAsync(void* dst, const void* src, size_t count, enum cudaMemcpyKind kind, cudaStream_t) {
  return copy(dst, src, count, kind);
}
cudaError_t cudaMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                         enum cudaMemcpyKind kind) {
  if (width > dpitch || width > spitch) return fail(cudaErrorInvalidPitchValue);
  for (size_t row = 0; row < height; ++row) {
    cudaError_t error = copy(static_cast<char*>(dst) + row * dpitch,
                             static_cast<const char*>(src) + row * spitch, width, kind);
    if (error != cudaSuccess) return error;
  }
  return cudaSuccess;
}
cudaError_t cudaMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width, size_t height,
                              enum cudaMemcpyKind kind, cudaStream_t) {
  return cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}
cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms* p) {
  if (p == nullptr) return fail(cudaErrorInvalidValue);
  if (p->srcArray == nullptr && p->dstArray == nullptr) {
    return copy_3d(p->dstPtr, p->dstPos, p->srcPtr, p->srcPos, p->extent, p->kind);
  }
  // With a CUDA array on either side, the extent and the array's position
  // count its texels; a pointer's position counts bytes.
  cudaPitchedPtr src = p->srcPtr, dst = p->dstPtr;
  cudaPos src_pos = p->srcPos, dst_pos = p->dstPos;
  cudaExtent src_texels{}, dst_texels{};
  size_t src_bytes = 0, dst_bytes = 0;
  if (p->srcArray != nullptr) array_as_pitched(p->srcArray, &src, &src_texels, &src_bytes);
  if (p->dstArray != nullptr) array_as_pitched(p->dstArray, &dst, &dst_texels, &dst_bytes);
  if (src_bytes != 0 && dst_bytes != 0 && src_bytes != dst_bytes) return fail(cudaErrorInvalidValue);
  size_t texel_bytes = src_bytes != 0 ? src_bytes : dst_bytes;
  auto fits = [](const cudaPos& pos, const cudaExtent& extent, const cudaExtent& texels) {
    return pos.x + extent.width <= texels.width && pos.y + extent.height <= texels.height &&
           pos.z + extent.depth <= texels.depth;
  };
  if ((src_bytes != 0 && !fits(src_pos, p->extent, src_texels)) ||
      (dst_bytes != 0 && !fits(dst_pos, p->extent, dst_texels))) {
    return fail(cudaErrorInvalidValue);
  }
  if (src_bytes != 0) src_pos.x *= texel_bytes;
  if (dst_bytes != 0) dst_pos.x *= texel_bytes;
  cudaExtent bytes = make_cudaExtent(p->extent.width * texel_bytes, p->extent.height, p->extent.depth);
  return copy_3d(dst, dst_pos, src, src_pos, bytes, p->kind);
}
cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms* p, cudaStream_t) { return cudaMemcpy3D(p); }
cudaError_t cudaMemcpy3DPeer(const struct cudaMemcpy3DPeerParms* p) {
  if (p == nullptr) return fail(cudaErrorInvalidValue);
  if (p->srcDevice != 0 || p->dstDevice != 0) return fail(cudaErrorInvalidDevice);
  if (p->srcArray != nullptr || p->dstArray != nullptr) return fail(cudaErrorInvalidValue);
  return copy_3d(p->dstPtr, p->dstPos, p->srcPtr, p->srcPos, p->extent, cudaMemcpyDefault);
}
cudaError_t cudaMemcpy3DPeerAsync(const struct cudaMemcpy3DPeerParms* p, cudaStream_t) { return cudaMemcpy3DPeer(p); }
// Peer copies between the one device and itself.
cudaError_t cudaMemcpyPeer(void* dst, int dst_device, const void* src, int src_device, size_t count) {
  if (dst_device != 0 || src_device != 0) return fail(cudaErrorInvalidDevice);
  return copy(dst, src, count, cudaMemcpyDeviceToDevice);
}
cudaError_t cudaMemcpyPeerAsync(void* dst, int dst_device, const void* src, int src_device, size_t count,
                                cudaStream_t) {
  return cudaMemcpyPeer(dst, dst_device, src, src_device, count);
}

cudaError_t cudaMalloc3D(struct cudaPitchedPtr* pitched, struct cudaExtent extent) {
  if (pitched == nullptr) return fail(cudaErrorInvalidValue);
  size_t pitch = 0;
  void* memory = nullptr;
  cudaError_t error = cudaMallocPitch(&memory, &pitch, extent.width, extent.height * extent.depth);
  if (error != cudaSuccess) return error;
  *pitched = make_cudaPitchedPtr(memory, pitch, extent.width, extent.height);
  return cudaSuccess;
}

cudaError_t cudaMemset(void* dev_ptr, int value, size_t count) { return fill(dev_ptr, value, count); }
cudaError_t cudaMemset2D(void* dev_ptr, size_t pitch, int value, size_t width, size_t height) {
  if (width > pitch) return fail(cudaErrorInvalidPitchValue);
  for (size_t row = 0; row < height; ++row) {
    cudaError_t error = fill(static_cast<char*>(dev_ptr) + row * pitch, value, width);
    if (error != cudaSuccess) return error;
  }
  return cudaSuccess;
}
cudaError_t cudaMemset2DAsync(void* dev_ptr, size_t pitch, int value, size_t width, size_t height, cudaStream_t) {
  return cudaMemset2D(dev_ptr, pitch, value, width, height);
}
cudaError_t cudaMemset3D(struct cudaPitchedPtr pitched, int value, struct cudaExtent extent) {
  for (size_t z = 0; z < extent.depth; ++z) {
    cudaError_t error = cudaMemset2D(static_cast<char*>(pitched.ptr) + z * pitched.ysize * pitched.pitch,
                                     pitched.pitch, value, extent.width, extent.height);
    if (error != cudaSuccess) return error;
  }
  return cudaSuccess;
}
cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr pitched, int value, struct cudaExtent extent, cudaStream_t) {
  return cudaMemset3D(pitched, value, extent);
}
cudaError_t cudaMemsetAsync(void* dev_ptr, int value, size_t count, cudaStream_t) {
  return fill(dev_ptr, value, count);
}

// Symbols (__device__ and __constant__ variables) are ordinary host globals.
cudaError_t cudaMemcpyToSymbol(const void* symbol, const void* src, size_t count, size_t offset,
                               enum cudaMemcpyKind kind) {
  if (symbol == nullptr) return fail(cudaErrorInvalidSymbol);
  return copy(static_cast<char*>(const_cast<void*>(symbol)) + offset, src, count, kind);
}
cudaError_t cudaMemcpyFromSymbol(void* dst, const void* symbol, size_t count, size_t offset,
                                 enum cudaMemcpyKind kind) {
  if (symbol == nullptr) return fail(cudaErrorInvalidSymbol);
  return copy(dst, static_cast<const char*>(symbol) + offset, count, kind);
}
cudaError_t cudaMemcpyToSymbolAsync(const void* symbol, const void* src, size_t count, size_t offset,
                                    enum cudaMemcpyKind kind, cudaStream_t) {
  return cudaMemcpyToSymbol(symbol, src, count, offset, kind);
}
cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const void* symbol, size_t count, size_t offset,
                                      enum cudaMemcpyKind kind, cudaStream_t) {
  return cudaMemcpyFromSymbol(dst, symbol, count, offset, kind);
}
cudaError_t cudaGetSymbolAddress(void** dev_ptr, const void* symbol) {
  if (dev_ptr == nullptr || symbol == nullptr) return fail(cudaErrorInvalidSymbol);
  *dev_ptr = const_cast<void*>(symbol);
  return cudaSuccess;
}
// The C form: the size the symbol table records for the variable at `symbol`.
cudaError_t cudaGetSymbolSize(size_t* size, const void* symbol) {
  if (size == nullptr || symbol == nullptr) return fail(cudaErrorInvalidSymbol);
  Dl_info info{};
  void* entry_address = nullptr;
  if (dladdr1(symbol, &info, &entry_address, RTLD_DL_SYMENT) == 0 || entry_address == nullptr ||
      info.dli_saddr != symbol)
    return fail(cudaErrorInvalidSymbol);
  *size = static_cast<const ElfW(Sym)*>(entry_address)->st_size;
  return cudaSuccess;
}

// Page-locking: ordinary host memory is already addressable by kernels here,
// so registering only records the range and its flags.
cudaError_t cudaHostRegister(void* ptr, size_t size, unsigned int flags) {
  if (ptr == nullptr || size == 0) return fail(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(g_allocations_mutex);
  if (find_host_range(ptr) != host_ranges().end()) return fail(cudaErrorHostMemoryAlreadyRegistered);
  host_ranges()[static_cast<const char*>(ptr)] = HostRange{size, flags, true};
  return cudaSuccess;
}
cudaError_t cudaHostUnregister(void* ptr) {
  std::lock_guard<std::mutex> lock(g_allocations_mutex);
  auto found = host_ranges().find(static_cast<const char*>(ptr));
  if (found == host_ranges().end() || !found->second.registered) return fail(cudaErrorHostMemoryNotRegistered);
  host_ranges().erase(found);
  return cudaSuccess;
}
cudaError_t cudaHostGetDevicePointer(void** device_ptr, void* host_ptr, unsigned int flags) {
  if (device_ptr == nullptr || flags != 0) return fail(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(g_allocations_mutex);
  if (find_host_range(host_ptr) == host_ranges().end()) return fail(cudaErrorInvalidValue);
  *device_ptr = host_ptr;
  return cudaSuccess;
}
cudaError_t cudaHostGetFlags(unsigned int* flags, void* host_ptr) {
  if (flags == nullptr) return fail(cudaErrorInvalidValue);
  std::lock_guard<std::mutex> lock(g_allocations_mutex);
  auto found = find_host_range(host_ptr);
  if (found == host_ranges().end()) return fail(cudaErrorInvalidValue);
  *flags = found->second.flags;
  return cudaSuccess;
}

// Unified-memory hints: memory is always resident, so they only validate.
cudaError_t cudaMemAdvise(const void* dev_ptr, size_t, enum cudaMemoryAdvise, struct cudaMemLocation) {
  return dev_ptr == nullptr ? fail(cudaErrorInvalidValue) : cudaSuccess;
}
cudaError_t cudaMemPrefetchAsync(const void* dev_ptr, size_t, struct cudaMemLocation, unsigned int, cudaStream_t) {
  return dev_ptr == nullptr ? fail(cudaErrorInvalidValue) : cudaSuccess;
}

// Stream-ordered allocation pools.
cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t* pool, int device) {
  if (pool == nullptr) return fail(cudaErrorInvalidValue);
  if (device != 0) return fail(cudaErrorInvalidDevice);
  *pool = reinterpret_cast<cudaMemPool_t>(default_pool());
  return cudaSuccess;
}
cudaError_t cudaDeviceGetMemPool(cudaMemPool_t* pool, int device) {
  if (pool == nullptr) return fail(cudaErrorInvalidValue);
  if (device != 0) return fail(cudaErrorInvalidDevice);
  *pool = reinterpret_cast<cudaMemPool_t>(g_current_pool ? g_current_pool : default_pool());
  return cudaSuccess;
}
cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t pool) {
  if (device != 0) return fail(cudaErrorInvalidDevice);
  if (pool == nullptr) return fail(cudaErrorInvalidValue);
  g_current_pool = reinterpret_cast<MemPoolObject*>(pool);
  return cudaSuccess;
}
cudaError_t cudaMemGetDefaultMemPool(cudaMemPool_t* pool, struct cudaMemLocation* location,
                                     enum cudaMemAllocationType type) {
  if (!valid_location(location) || type != cudaMemAllocationTypePinned) return fail(cudaErrorInvalidValue);
  return cudaDeviceGetDefaultMemPool(pool, 0);
}
cudaError_t cudaMemGetMemPool(cudaMemPool_t* pool, struct cudaMemLocation* location, enum cudaMemAllocationType type) {
  if (!valid_location(location) || type != cudaMemAllocationTypePinned) return fail(cudaErrorInvalidValue);
  return cudaDeviceGetMemPool(pool, 0);
}
cudaError_t cudaMemSetMemPool(struct cudaMemLocation* location, enum cudaMemAllocationType type, cudaMemPool_t pool) {
  if (!valid_location(location) || type != cudaMemAllocationTypePinned) return fail(cudaErrorInvalidValue);
  return cudaDeviceSetMemPool(0, pool);
}
cudaError_t cudaMemPoolCreate(cudaMemPool_t* pool, const struct cudaMemPoolProps* props) {
  if (pool == nullptr || props == nullptr) return fail(cudaErrorInvalidValue);
  if (props->location.type != cudaMemLocationTypeDevice || props->location.id != 0) return fail(cudaErrorInvalidDevice);
  *pool = reinterpret_cast<cudaMemPool_t>(new MemPoolObject());
  return cudaSuccess;
}
cudaError_t cudaMemPoolDestroy(cudaMemPool_t pool) {
  if (pool == nullptr) return fail(cudaErrorInvalidValue);
  auto* object = reinterpret_cast<MemPoolObject*>(pool);
  if (object == default_pool()) return fail(cudaErrorInvalidValue);
  if (g_current_pool == object) g_current_pool = nullptr;
  delete object;
  return cudaSuccess;
}
cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t pool, enum cudaMemPoolAttr attr, void* value) {
  if (pool == nullptr || value == nullptr) return fail(cudaErrorInvalidValue);
  auto* object = reinterpret_cast<MemPoolObject*>(pool);
  int number = int(attr);
  if (number >= 1 && number <= 3) object->reuse[number - 1] = *static_cast<int*>(value);
  else if (attr == cudaMemPoolAttrReleaseThreshold) object->release_threshold = *static_cast<unsigned long long*>(value);
  else if (attr == cudaMemPoolAttrReservedMemHigh || attr == cudaMemPoolAttrUsedMemHigh) return cudaSuccess;  // reset
  else return fail(cudaErrorInvalidValue);
  return cudaSuccess;
}
// Usage statistics read 0: pool allocations are not accounted per pool.
cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t pool, enum cudaMemPoolAttr attr, void* value) {
  if (pool == nullptr || value == nullptr) return fail(cudaErrorInvalidValue);
  auto* object = reinterpret_cast<MemPoolObject*>(pool);
  int number = int(attr);
  if (number >= 1 && number <= 3) *static_cast<int*>(value) = object->reuse[number - 1];
  else if (attr == cudaMemPoolAttrReleaseThreshold) *static_cast<unsigned long long*>(value) = object->release_threshold;
  else if (number >= 5 && number <= 8) *static_cast<unsigned long long*>(value) = 0;
  else return fail(cudaErrorInvalidValue);
  return cudaSuccess;
}
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t pool, size_t) {
  return pool == nullptr ? fail(cudaErrorInvalidValue) : cudaSuccess;
}
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t pool, const struct cudaMemAccessDesc* descriptors, size_t count) {
  if (pool == nullptr || (count > 0 && descriptors == nullptr)) return fail(cudaErrorInvalidValue);
  for (size_t i = 0; i < count; ++i) {
    if (!valid_location(&descriptors[i].location)) return fail(cudaErrorInvalidDevice);
  }
  return cudaSuccess;
}
cudaError_t cudaMemPoolGetAccess(enum cudaMemAccessFlags* flags, cudaMemPool_t pool, struct cudaMemLocation* location) {
  if (flags == nullptr || pool == nullptr) return fail(cudaErrorInvalidValue);
  if (!valid_location(location)) return fail(cudaErrorInvalidDevice);
  *flags = cudaMemAccessFlagsProtReadWrite;
  return cudaSuccess;
}
cudaError_t cudaMallocFromPoolAsync(void** ptr, size_t size, cudaMemPool_t pool, cudaStream_t) {
  if (pool == nullptr) return fail(cudaErrorInvalidValue);
  return allocate(ptr, size, true);
}

cudaError_t cudaMemGetInfo(size_t* free_bytes, size_t* total_bytes) {
  if (free_bytes) *free_bytes = size_t(16) << 30;
  if (total_bytes) *total_bytes = size_t(16) << 30;
  return cudaSuccess;
}

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes* attributes, const void* ptr) {
  if (attributes == nullptr) return fail(cudaErrorInvalidValue);
  std::memset(attributes, 0, sizeof(*attributes));
  std::lock_guard<std::mutex> lock(g_allocations_mutex);
  auto& live = allocations();
  auto after = live.upper_bound(static_cast<const char*>(ptr));
  bool is_device = false;
  if (after != live.begin()) {
    auto candidate = std::prev(after);
    is_device = static_cast<const char*>(ptr) < candidate->first + candidate->second;
  }
  bool is_host = find_host_range(ptr) != host_ranges().end();  // pinned or registered
  attributes->type = is_host ? cudaMemoryTypeHost : is_device ? cudaMemoryTypeDevice : cudaMemoryTypeUnregistered;
  attributes->device = 0;
  attributes->devicePointer = is_device || is_host ? const_cast<void*>(ptr) : nullptr;
  attributes->hostPointer = const_cast<void*>(ptr);
  return cudaSuccess;
}

}  // extern "C"
