// CUDA arrays and texture objects on the host: channel descriptors,
// cudaMallocArray / cudaMalloc3DArray and their copies, and
// cudaCreateTextureObject over an array, pitched 2-D memory or linear memory.
// A CUDA array is a plain row-major block of texels (no tiling: nothing here
// depends on the layout a GPU would choose); a texture object is a
// detail::TextureObject that device code samples inline (cucpu/texture.h).
// Mipmapped, layered and cubemap arrays, sparse arrays and surfaces are
// refused (mipmapped and surface functions at compile time,
// compiler/refused_api.cc; layered and cubemap flags here).
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "cucpu/detail/texture_object.h"
#include "cuda_arrays.h"
#include "runtime_state.h"

// The toolkit leaves struct cudaArray opaque; this is the backend's.
struct cudaArray {
  cudaChannelFormatDesc desc;
  size_t width, height, depth;  // texels; height and depth are at least 1
  unsigned flags;
  size_t texel_bytes;
  size_t row_pitch;
  unsigned char* data;
};

namespace cucpu::runtime {
namespace {

constexpr unsigned char kPoisonByte = 0xFF;  // unwritten texels read as NaN, like cudaMalloc memory

// Bytes of a texel, or 0 when the descriptor is not one the GPU accepts:
// channels of 8, 16 or 32 bits, used from x on, all of one size.
size_t texel_bytes(const cudaChannelFormatDesc& desc) {
  int bits[4] = {desc.x, desc.y, desc.z, desc.w};
  int channels = 0;
  while (channels < 4 && bits[channels] != 0) ++channels;
  if (channels == 0 || channels == 3) return 0;
  for (int c = 0; c < 4; ++c) {
    if (c < channels && bits[c] != bits[0]) return 0;
    if (c >= channels && bits[c] != 0) return 0;
  }
  if (bits[0] != 8 && bits[0] != 16 && bits[0] != 32) return 0;
  if (desc.f == cudaChannelFormatKindFloat && bits[0] == 8) return 0;
  if (desc.f != cudaChannelFormatKindSigned && desc.f != cudaChannelFormatKindUnsigned &&
      desc.f != cudaChannelFormatKindFloat) {
    return 0;  // the block-compressed and NV12 kinds
  }
  return size_t(channels) * size_t(bits[0]) / 8;
}

cudaError_t allocate_array(cudaArray_t* array, const cudaChannelFormatDesc* desc, cudaExtent extent,
                           unsigned flags) {
  if (sticky_error() != cudaSuccess) return sticky_error();
  if (array == nullptr || desc == nullptr) return fail(cudaErrorInvalidValue);
  *array = nullptr;
  if (flags & (cudaArrayLayered | cudaArrayCubemap | cudaArraySparse | cudaArrayDeferredMapping)) {
    std::fprintf(stderr, "cucpu: layered, cubemap, sparse and deferred-mapping CUDA arrays are not supported by "
                         "the CPU backend\n");
    return fail(cudaErrorNotSupported);
  }
  size_t bytes = texel_bytes(*desc);
  if (bytes == 0 || extent.width == 0) return fail(cudaErrorInvalidValue);
  auto* created = new cudaArray{*desc, extent.width, extent.height == 0 ? 1 : extent.height,
                                extent.depth == 0 ? 1 : extent.depth, flags, bytes, extent.width * bytes, nullptr};
  size_t total = created->row_pitch * created->height * created->depth;
  created->data = static_cast<unsigned char*>(std::malloc(total));
  if (created->data == nullptr) {
    delete created;
    return fail(cudaErrorMemoryAllocation);
  }
  std::memset(created->data, kPoisonByte, total);
  *array = created;
  return cudaSuccess;
}

// The array bytes at (byte column, row); false if `width` x `height` bytes
// from there do not fit.
bool array_region(cudaArray_const_t array, size_t column, size_t row, size_t width, size_t height,
                  unsigned char** at) {
  if (array == nullptr) return false;
  size_t rows = array->height * array->depth;
  if (column + width > array->row_pitch || row + height > rows) return false;
  *at = array->data + row * array->row_pitch + column;
  return true;
}

// `count` bytes into or out of an array from (column, row) on, row after row.
cudaError_t copy_linear(cudaArray_const_t array, size_t column, size_t row, size_t count, bool into,
                        void* other, cudaMemcpyKind kind) {
  unsigned char* at = nullptr;
  if (!array_region(array, column, row, 0, 1, &at)) return fail(cudaErrorInvalidValue);
  size_t available = array->row_pitch * array->height * array->depth - (row * array->row_pitch + column);
  if (count > available) return fail(cudaErrorInvalidValue);
  return into ? cudaMemcpy(at, other, count, kind) : cudaMemcpy(other, at, count, kind);
}

}  // namespace

bool array_as_pitched(cudaArray_const_t array, cudaPitchedPtr* pitched, cudaExtent* texels, size_t* texel_bytes) {
  if (array == nullptr) return false;
  *pitched = make_cudaPitchedPtr(array->data, array->row_pitch, array->row_pitch, array->height);
  *texels = make_cudaExtent(array->width, array->height, array->depth);
  *texel_bytes = array->texel_bytes;
  return true;
}

}  // namespace cucpu::runtime

using namespace cucpu::runtime;
using cucpu::detail::TextureObject;

extern "C" {

cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, cudaChannelFormatKind f) {
  return cudaChannelFormatDesc{x, y, z, w, f};
}

cudaError_t cudaMallocArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, size_t width, size_t height,
                            unsigned int flags) {
  return allocate_array(array, desc, make_cudaExtent(width, height, 0), flags);
}

cudaError_t cudaMalloc3DArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, cudaExtent extent,
                              unsigned int flags) {
  return allocate_array(array, desc, extent, flags);
}

cudaError_t cudaFreeArray(cudaArray_t array) {
  if (sticky_error() != cudaSuccess) return sticky_error();
  if (array == nullptr) return cudaSuccess;
  std::free(array->data);
  delete array;
  return cudaSuccess;
}

cudaError_t cudaArrayGetInfo(cudaChannelFormatDesc* desc, cudaExtent* extent, unsigned int* flags,
                             cudaArray_t array) {
  if (array == nullptr) return fail(cudaErrorInvalidResourceHandle);
  if (desc != nullptr) *desc = array->desc;
  // The extent as allocated: 0 for dimensions the array does not have.
  if (extent != nullptr) {
    *extent = make_cudaExtent(array->width, array->height == 1 && array->depth == 1 ? 0 : array->height,
                              array->depth == 1 ? 0 : array->depth);
  }
  if (flags != nullptr) *flags = array->flags;
  return cudaSuccess;
}

cudaError_t cudaGetChannelDesc(cudaChannelFormatDesc* desc, cudaArray_const_t array) {
  if (desc == nullptr) return fail(cudaErrorInvalidValue);
  if (array == nullptr) return fail(cudaErrorInvalidResourceHandle);
  *desc = array->desc;
  return cudaSuccess;
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t w_offset, size_t h_offset, const void* src, size_t spitch,
                                size_t width, size_t height, cudaMemcpyKind kind) {
  unsigned char* at = nullptr;
  if (!array_region(dst, w_offset, h_offset, width, height, &at)) return fail(cudaErrorInvalidValue);
  return cudaMemcpy2D(at, dst->row_pitch, src, spitch, width, height, kind);
}

cudaError_t cudaMemcpy2DFromArray(void* dst, size_t dpitch, cudaArray_const_t src, size_t w_offset,
                                  size_t h_offset, size_t width, size_t height, cudaMemcpyKind kind) {
  unsigned char* at = nullptr;
  if (!array_region(src, w_offset, h_offset, width, height, &at)) return fail(cudaErrorInvalidValue);
  return cudaMemcpy2D(dst, dpitch, at, src->row_pitch, width, height, kind);
}

cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t dst, size_t w_offset_dst, size_t h_offset_dst,
                                     cudaArray_const_t src, size_t w_offset_src, size_t h_offset_src, size_t width,
                                     size_t height, cudaMemcpyKind kind) {
  unsigned char *to = nullptr, *from = nullptr;
  if (!array_region(dst, w_offset_dst, h_offset_dst, width, height, &to) ||
      !array_region(src, w_offset_src, h_offset_src, width, height, &from)) {
    return fail(cudaErrorInvalidValue);
  }
  return cudaMemcpy2D(to, dst->row_pitch, from, src->row_pitch, width, height, kind);
}

cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t w_offset, size_t h_offset, const void* src, size_t count,
                              cudaMemcpyKind kind) {
  return copy_linear(dst, w_offset, h_offset, count, true, const_cast<void*>(src), kind);
}

cudaError_t cudaMemcpyFromArray(void* dst, cudaArray_const_t src, size_t w_offset, size_t h_offset, size_t count,
                                cudaMemcpyKind kind) {
  return copy_linear(src, w_offset, h_offset, count, false, dst, kind);
}

cudaError_t cudaMemcpyArrayToArray(cudaArray_t dst, size_t w_offset_dst, size_t h_offset_dst, cudaArray_const_t src,
                                   size_t w_offset_src, size_t h_offset_src, size_t count, cudaMemcpyKind kind) {
  unsigned char* from = nullptr;
  if (!array_region(src, w_offset_src, h_offset_src, 0, 1, &from)) return fail(cudaErrorInvalidValue);
  size_t available = src->row_pitch * src->height * src->depth - size_t(from - src->data);
  if (count > available) return fail(cudaErrorInvalidValue);
  return copy_linear(dst, w_offset_dst, h_offset_dst, count, true, from, kind);
}

// Copies are synchronous (launches are), so the Async forms are the same.
cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t w_offset, size_t h_offset, const void* src,
                                     size_t spitch, size_t width, size_t height, cudaMemcpyKind kind, cudaStream_t) {
  return cudaMemcpy2DToArray(dst, w_offset, h_offset, src, spitch, width, height, kind);
}
cudaError_t cudaMemcpy2DFromArrayAsync(void* dst, size_t dpitch, cudaArray_const_t src, size_t w_offset,
                                       size_t h_offset, size_t width, size_t height, cudaMemcpyKind kind,
                                       cudaStream_t) {
  return cudaMemcpy2DFromArray(dst, dpitch, src, w_offset, h_offset, width, height, kind);
}
cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, size_t w_offset, size_t h_offset, const void* src, size_t count,
                                   cudaMemcpyKind kind, cudaStream_t) {
  return cudaMemcpyToArray(dst, w_offset, h_offset, src, count, kind);
}
cudaError_t cudaMemcpyFromArrayAsync(void* dst, cudaArray_const_t src, size_t w_offset, size_t h_offset,
                                     size_t count, cudaMemcpyKind kind, cudaStream_t) {
  return cudaMemcpyFromArray(dst, src, w_offset, h_offset, count, kind);
}

cudaError_t cudaCreateTextureObject(cudaTextureObject_t* handle, const cudaResourceDesc* resource,
                                    const cudaTextureDesc* texture, const cudaResourceViewDesc* view) {
  if (sticky_error() != cudaSuccess) return sticky_error();
  if (handle == nullptr || resource == nullptr || texture == nullptr) return fail(cudaErrorInvalidValue);
  if (view != nullptr) {
    std::fprintf(stderr, "cucpu: cudaCreateTextureObject: resource views are not supported by the CPU backend\n");
    return fail(cudaErrorNotSupported);
  }
  TextureObject t{};
  cudaChannelFormatDesc desc{};
  switch (resource->resType) {
    case cudaResourceTypeArray: {
      cudaArray_t array = resource->res.array.array;
      if (array == nullptr) return fail(cudaErrorInvalidResourceHandle);
      desc = array->desc;
      t.data = array->data;
      t.width = array->width;
      t.height = array->height;
      t.depth = array->depth;
      t.row_pitch = array->row_pitch;
      t.slice_pitch = array->row_pitch * array->height;
      break;
    }
    case cudaResourceTypePitch2D: {
      const auto& p = resource->res.pitch2D;
      desc = p.desc;
      size_t bytes = texel_bytes(desc);
      if (p.devPtr == nullptr || bytes == 0 || p.width == 0 || p.height == 0 || p.pitchInBytes < p.width * bytes)
        return fail(cudaErrorInvalidValue);
      t.data = static_cast<const unsigned char*>(p.devPtr);
      t.width = p.width;
      t.height = p.height;
      t.depth = 1;
      t.row_pitch = p.pitchInBytes;
      t.slice_pitch = p.pitchInBytes * p.height;
      break;
    }
    case cudaResourceTypeLinear: {
      const auto& l = resource->res.linear;
      desc = l.desc;
      size_t bytes = texel_bytes(desc);
      if (l.devPtr == nullptr || bytes == 0) return fail(cudaErrorInvalidValue);
      t.data = static_cast<const unsigned char*>(l.devPtr);
      t.width = l.sizeInBytes / bytes;
      t.height = t.depth = 1;
      t.row_pitch = t.slice_pitch = l.sizeInBytes;
      break;
    }
    default:
      std::fprintf(stderr, "cucpu: cudaCreateTextureObject: mipmapped-array resources are not supported by the "
                           "CPU backend\n");
      return fail(cudaErrorNotSupported);
  }
  t.texel_bytes = unsigned(texel_bytes(desc));
  if (t.texel_bytes == 0) return fail(cudaErrorInvalidChannelDescriptor);
  int bits[4] = {desc.x, desc.y, desc.z, desc.w};
  for (int c = 0; c < 4; ++c) {
    t.bits[c] = bits[c];
    if (bits[c] != 0) t.channels = c + 1;
  }
  t.kind = desc.f;
  for (int d = 0; d < 3; ++d) t.address[d] = texture->addressMode[d];
  t.filter = texture->filterMode;
  t.read = texture->readMode;
  t.normalized_coords = texture->normalizedCoords != 0;
  for (int c = 0; c < 4; ++c) t.border[c] = texture->borderColor[c];
  t.resource = *resource;
  t.texture = *texture;
  *handle = reinterpret_cast<cudaTextureObject_t>(new TextureObject(t));
  return cudaSuccess;
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t handle) {
  if (sticky_error() != cudaSuccess) return sticky_error();
  delete reinterpret_cast<TextureObject*>(handle);
  return cudaSuccess;
}

cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc* resource, cudaTextureObject_t handle) {
  if (resource == nullptr || handle == 0) return fail(cudaErrorInvalidValue);
  *resource = reinterpret_cast<const TextureObject*>(handle)->resource;
  return cudaSuccess;
}

cudaError_t cudaGetTextureObjectTextureDesc(cudaTextureDesc* texture, cudaTextureObject_t handle) {
  if (texture == nullptr || handle == 0) return fail(cudaErrorInvalidValue);
  *texture = reinterpret_cast<const TextureObject*>(handle)->texture;
  return cudaSuccess;
}

cudaError_t cudaGetTextureObjectResourceViewDesc(cudaResourceViewDesc* view, cudaTextureObject_t handle) {
  if (view == nullptr || handle == 0) return fail(cudaErrorInvalidValue);
  *view = reinterpret_cast<const TextureObject*>(handle)->view;  // none: views are refused
  return cudaSuccess;
}

// The widest 1-D texture over linear memory, as the device attribute says.
cudaError_t cudaDeviceGetTexture1DLinearMaxWidth(size_t* max_width, const cudaChannelFormatDesc* desc, int device) {
  if (max_width == nullptr || desc == nullptr) return fail(cudaErrorInvalidValue);
  if (device != 0) return fail(cudaErrorInvalidDevice);
  if (texel_bytes(*desc) == 0) return fail(cudaErrorInvalidChannelDescriptor);
  *max_width = size_t(1) << 28;
  return cudaSuccess;
}

}  // extern "C"
