// Device memory on the host. cudaMalloc allocates exactly the requested size
// (so AddressSanitizer sees the first byte past the end) and fills it with
// 0xFF bytes, a NaN for every float, so a kernel that leaves an element
// unwritten is caught by the checker instead of passing on a lucky zero.
// Every kind of copy is a memcpy: host and device share one address space.
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

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

}  // namespace
}  // namespace cucpu::runtime

using namespace cucpu::runtime;

extern "C" {

cudaError_t cudaMalloc(void** dev_ptr, size_t size) { return allocate(dev_ptr, size, true); }
cudaError_t cudaMallocManaged(void** dev_ptr, size_t size, unsigned int) { return allocate(dev_ptr, size, true); }
cudaError_t cudaMallocHost(void** ptr, size_t size) { return allocate(ptr, size, false); }
cudaError_t cudaHostAlloc(void** ptr, size_t size, unsigned int) { return allocate(ptr, size, false); }
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
cudaError_t cudaMemset(void* dev_ptr, int value, size_t count) { return fill(dev_ptr, value, count); }
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
cudaError_t cudaGetSymbolSize(size_t*, const void*) { return fail(cudaErrorNotSupported); }

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
  attributes->type = is_device ? cudaMemoryTypeDevice : cudaMemoryTypeUnregistered;
  attributes->device = 0;
  attributes->devicePointer = is_device ? const_cast<void*>(ptr) : nullptr;
  attributes->hostPointer = const_cast<void*>(ptr);
  return cudaSuccess;
}

}  // extern "C"
