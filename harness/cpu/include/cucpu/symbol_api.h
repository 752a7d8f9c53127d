// The C++ template forms of the runtime API that cuda_runtime.h only offers
// to the CUDA compiler (inside `#if defined(__CUDACC__)`): symbol copies by
// variable, and kernel attributes by function. Each forwards to the C entry
// point that the CPU runtime implements, as the toolkit's own versions do.
#pragma once

#include <cuda_runtime.h>

template <class T>
static inline cudaError_t cudaMemcpyToSymbol(const T& symbol, const void* src, size_t count, size_t offset = 0,
                                             cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return ::cudaMemcpyToSymbol(static_cast<const void*>(&symbol), src, count, offset, kind);
}
template <class T>
static inline cudaError_t cudaMemcpyToSymbolAsync(const T& symbol, const void* src, size_t count, size_t offset = 0,
                                                  cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                                  cudaStream_t stream = 0) {
  return ::cudaMemcpyToSymbolAsync(static_cast<const void*>(&symbol), src, count, offset, kind, stream);
}
template <class T>
static inline cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol, size_t count, size_t offset = 0,
                                               cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return ::cudaMemcpyFromSymbol(dst, static_cast<const void*>(&symbol), count, offset, kind);
}
template <class T>
static inline cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const T& symbol, size_t count, size_t offset = 0,
                                                    cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                                                    cudaStream_t stream = 0) {
  return ::cudaMemcpyFromSymbolAsync(dst, static_cast<const void*>(&symbol), count, offset, kind, stream);
}
template <class T>
static inline cudaError_t cudaGetSymbolAddress(void** dev_ptr, const T& symbol) {
  return ::cudaGetSymbolAddress(dev_ptr, static_cast<const void*>(&symbol));
}
template <class T>
static inline cudaError_t cudaGetSymbolSize(size_t* size, const T&) {
  if (size == nullptr) return cudaErrorInvalidValue;
  *size = sizeof(T);
  return cudaSuccess;
}
template <class T>
static inline cudaError_t cudaFuncSetAttribute(T* entry, cudaFuncAttribute attr, int value) {
  return ::cudaFuncSetAttribute(reinterpret_cast<const void*>(entry), attr, value);
}
template <class T>
static inline cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attr, T* entry) {
  return ::cudaFuncGetAttributes(attr, reinterpret_cast<const void*>(entry));
}
template <class T>
static inline cudaError_t cudaFuncSetCacheConfig(T* func, cudaFuncCache config) {
  return ::cudaFuncSetCacheConfig(reinterpret_cast<const void*>(func), config);
}
