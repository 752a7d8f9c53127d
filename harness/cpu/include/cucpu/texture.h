// Texture fetches from texture objects (tex1Dfetch, tex1D, tex2D, tex3D),
// which the toolkit declares only for the CUDA compiler. They follow the CUDA
// programming guide's "Texture Fetching" appendix:
//
// - Coordinates: normalized ones are scaled by the size first. Nearest-point
//   sampling reads texel floor(x). Linear filtering reads the 2, 4 or 8
//   texels around x - 0.5 and weights them with the fraction, which, as on the
//   GPU, is a 9-bit fixed-point number with 8 fractional bits: it is rounded
//   to a multiple of 1/256 here (to nearest), so results match the GPU's
//   coarse interpolation rather than exact float arithmetic.
// - Address modes act on texel indices: clamp to the edge; border gives the
//   border colour; wrap and mirror repeat (mirroring every other period) and,
//   as the guide says, apply to normalized coordinates only: with
//   unnormalized ones they clamp.
// - Read modes: element type, or normalized float (8- and 16-bit integers
//   read as [0, 1] unsigned, [-1, 1] signed). 16-bit float channels read as
//   float.
// - tex1Dfetch reads a linear resource by index, unfiltered; an index out of
//   range reads zero.
// Mipmaps, layered and cubemap textures, gathers and surfaces are refused
// (by name, at compile time).
#pragma once

#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstring>
#include <type_traits>

#include "cucpu/detail/texture_object.h"

namespace cucpu::detail::texture {

inline const TextureObject& object(cudaTextureObject_t handle) {
  return *reinterpret_cast<const TextureObject*>(handle);
}

// What a fetch returns: T's component type and count (float4: float, 4).
template <class T>
struct Returned;
#define CUCPU_TEXTURE_RETURNS(Type, Component, Count) \
  template <>                                         \
  struct Returned<Type> {                             \
    using component = Component;                      \
    static constexpr int count = Count;               \
  };
#define CUCPU_TEXTURE_RETURNS_VECTORS(prefix, Component) \
  CUCPU_TEXTURE_RETURNS(prefix##1, Component, 1)         \
  CUCPU_TEXTURE_RETURNS(prefix##2, Component, 2)         \
  CUCPU_TEXTURE_RETURNS(prefix##4, Component, 4)
CUCPU_TEXTURE_RETURNS(char, char, 1)
CUCPU_TEXTURE_RETURNS(signed char, signed char, 1)
CUCPU_TEXTURE_RETURNS(unsigned char, unsigned char, 1)
CUCPU_TEXTURE_RETURNS(short, short, 1)
CUCPU_TEXTURE_RETURNS(unsigned short, unsigned short, 1)
CUCPU_TEXTURE_RETURNS(int, int, 1)
CUCPU_TEXTURE_RETURNS(unsigned int, unsigned int, 1)
CUCPU_TEXTURE_RETURNS(float, float, 1)
CUCPU_TEXTURE_RETURNS_VECTORS(char, signed char)
CUCPU_TEXTURE_RETURNS_VECTORS(uchar, unsigned char)
CUCPU_TEXTURE_RETURNS_VECTORS(short, short)
CUCPU_TEXTURE_RETURNS_VECTORS(ushort, unsigned short)
CUCPU_TEXTURE_RETURNS_VECTORS(int, int)
CUCPU_TEXTURE_RETURNS_VECTORS(uint, unsigned int)
CUCPU_TEXTURE_RETURNS_VECTORS(float, float)
#undef CUCPU_TEXTURE_RETURNS_VECTORS
#undef CUCPU_TEXTURE_RETURNS

// Channel c of a texel as stored: a sign- or zero-extended integer, or a float.
inline long long stored_integer(const TextureObject& t, const unsigned char* texel, int c) {
  int offset = 0;
  for (int i = 0; i < c; ++i) offset += t.bits[i] / 8;
  const unsigned char* at = texel + offset;
  bool is_signed = t.kind == cudaChannelFormatKindSigned;
  switch (t.bits[c]) {
    case 8: return is_signed ? (long long)*reinterpret_cast<const signed char*>(at) : (long long)*at;
    case 16: {
      unsigned short v;
      std::memcpy(&v, at, 2);
      return is_signed ? (long long)(short)v : (long long)v;
    }
    default: {
      unsigned int v;
      std::memcpy(&v, at, 4);
      return is_signed ? (long long)(int)v : (long long)v;
    }
  }
}

inline float stored_float(const TextureObject& t, const unsigned char* texel, int c) {
  int offset = 0;
  for (int i = 0; i < c; ++i) offset += t.bits[i] / 8;
  const unsigned char* at = texel + offset;
  if (t.bits[c] == 16) {
    __half h;
    std::memcpy(&h, at, 2);
    return __half2float(h);
  }
  float v;
  std::memcpy(&v, at, 4);
  return v;
}

// Channel c as a float fetch returns it (after the read mode's conversion).
inline float channel_as_float(const TextureObject& t, const unsigned char* texel, int c) {
  if (t.kind == cudaChannelFormatKindFloat) return stored_float(t, texel, c);
  long long v = stored_integer(t, texel, c);
  if (t.read != cudaReadModeNormalizedFloat || t.bits[c] > 16) return float(v);
  if (t.kind == cudaChannelFormatKindSigned) {
    float scaled = float(v) / float((1ll << (t.bits[c] - 1)) - 1);
    return scaled < -1.0f ? -1.0f : scaled;
  }
  return float(v) / float((1ll << t.bits[c]) - 1);
}

// The texel at index i of dimension d after the address mode; false when
// the index is outside and the mode is border.
inline bool address(const TextureObject& t, int d, long long& i, long long size) {
  cudaTextureAddressMode mode = t.address[d];
  if (mode == cudaAddressModeBorder) return i >= 0 && i < size;
  if (t.normalized_coords && mode == cudaAddressModeWrap) {
    i = ((i % size) + size) % size;
  } else if (t.normalized_coords && mode == cudaAddressModeMirror) {
    long long period = ((i % (2 * size)) + 2 * size) % (2 * size);
    i = period < size ? period : 2 * size - 1 - period;
  } else {
    i = i < 0 ? 0 : i >= size ? size - 1 : i;  // clamp (also wrap and mirror on unnormalized coordinates)
  }
  return true;
}

// The texel at (i, j, k), or null for the border colour.
inline const unsigned char* texel_at(const TextureObject& t, int dims, long long i, long long j, long long k) {
  if (!address(t, 0, i, (long long)t.width)) return nullptr;
  if (dims > 1 && !address(t, 1, j, (long long)t.height)) return nullptr;
  if (dims > 2 && !address(t, 2, k, (long long)t.depth)) return nullptr;
  return t.data + size_t(k) * t.slice_pitch + size_t(j) * t.row_pitch + size_t(i) * t.texel_bytes;
}

inline void texel_as_floats(const TextureObject& t, const unsigned char* texel, float out[4]) {
  for (int c = 0; c < 4; ++c) {
    out[c] = texel == nullptr ? t.border[c] : c < t.channels ? channel_as_float(t, texel, c) : 0.0f;
  }
}

// The unnormalized coordinate, kept within a range whose floor fits a long long.
inline float scaled(const TextureObject& t, float coordinate, size_t size) {
  float x = t.normalized_coords ? coordinate * float(size) : coordinate;
  if (!(x > -1e15f)) return -1e15f;  // also NaN
  return x < 1e15f ? x : 1e15f;
}

// A filtered (or nearest-point) sample in `dims` dimensions, as floats.
inline void sample_floats(const TextureObject& t, int dims, float x, float y, float z, float out[4]) {
  float coordinate[3] = {scaled(t, x, t.width), scaled(t, y, t.height), scaled(t, z, t.depth)};
  if (t.filter == cudaFilterModePoint) {
    long long index[3] = {0, 0, 0};
    for (int d = 0; d < dims; ++d) index[d] = (long long)std::floor(coordinate[d]);
    texel_as_floats(t, texel_at(t, dims, index[0], index[1], index[2]), out);
    return;
  }
  long long base[3] = {0, 0, 0};
  float weight[3] = {0, 0, 0};
  for (int d = 0; d < dims; ++d) {
    float below = coordinate[d] - 0.5f;
    float floor_below = std::floor(below);
    base[d] = (long long)floor_below;
    weight[d] = std::nearbyint((below - floor_below) * 256.0f) / 256.0f;  // 9-bit fixed point, 8 fractional bits
  }
  for (int c = 0; c < 4; ++c) out[c] = 0.0f;
  for (int corner = 0; corner < (1 << dims); ++corner) {
    float w = 1.0f;
    long long index[3] = {base[0], base[1], base[2]};
    for (int d = 0; d < dims; ++d) {
      bool upper = (corner >> d) & 1;
      index[d] += upper;
      w *= upper ? weight[d] : 1.0f - weight[d];
    }
    float texel[4];
    texel_as_floats(t, texel_at(t, dims, index[0], index[1], index[2]), texel);
    for (int c = 0; c < 4; ++c) out[c] += w * texel[c];
  }
}

template <class T>
T assemble(const typename Returned<T>::component* components) {
  T result;
  static_assert(sizeof(T) == sizeof(typename Returned<T>::component) * Returned<T>::count, "packed vector type");
  std::memcpy(&result, components, sizeof(T));
  return result;
}

template <class T>
T fetch(cudaTextureObject_t handle, int dims, float x, float y, float z) {
  using Component = typename Returned<T>::component;
  const TextureObject& t = object(handle);
  Component components[4];
  if constexpr (std::is_same_v<Component, float>) {
    float values[4];
    sample_floats(t, dims, x, y, z, values);
    for (int c = 0; c < 4; ++c) components[c] = values[c];
  } else {
    // Integer results: nearest point only (linear filtering needs a float result).
    long long index[3] = {0, 0, 0};
    float coordinate[3] = {scaled(t, x, t.width), scaled(t, y, t.height), scaled(t, z, t.depth)};
    for (int d = 0; d < dims; ++d) index[d] = (long long)std::floor(coordinate[d]);
    const unsigned char* texel = texel_at(t, dims, index[0], index[1], index[2]);
    for (int c = 0; c < 4; ++c) {
      components[c] = texel == nullptr ? Component(t.border[c])
                      : c < t.channels ? Component(stored_integer(t, texel, c))
                                       : Component(0);
    }
  }
  return assemble<T>(components);
}

template <class T>
T fetch_linear(cudaTextureObject_t handle, int index) {
  using Component = typename Returned<T>::component;
  const TextureObject& t = object(handle);
  Component components[4] = {};
  if (index >= 0 && size_t(index) < t.width) {
    const unsigned char* texel = t.data + size_t(index) * t.texel_bytes;
    for (int c = 0; c < t.channels && c < 4; ++c) {
      if constexpr (std::is_same_v<Component, float>) {
        components[c] = channel_as_float(t, texel, c);
      } else {
        components[c] = Component(stored_integer(t, texel, c));
      }
    }
  }
  return assemble<T>(components);
}

template <class T>
constexpr bool refused = false;

}  // namespace cucpu::detail::texture

template <class T>
T tex1Dfetch(cudaTextureObject_t texture, int x) {
  return ::cucpu::detail::texture::fetch_linear<T>(texture, x);
}
template <class T>
void tex1Dfetch(T* result, cudaTextureObject_t texture, int x) {
  *result = tex1Dfetch<T>(texture, x);
}
template <class T>
T tex1D(cudaTextureObject_t texture, float x) {
  return ::cucpu::detail::texture::fetch<T>(texture, 1, x, 0.0f, 0.0f);
}
template <class T>
void tex1D(T* result, cudaTextureObject_t texture, float x) {
  *result = tex1D<T>(texture, x);
}
template <class T>
T tex2D(cudaTextureObject_t texture, float x, float y) {
  return ::cucpu::detail::texture::fetch<T>(texture, 2, x, y, 0.0f);
}
template <class T>
void tex2D(T* result, cudaTextureObject_t texture, float x, float y) {
  *result = tex2D<T>(texture, x, y);
}
template <class T>
T tex3D(cudaTextureObject_t texture, float x, float y, float z) {
  return ::cucpu::detail::texture::fetch<T>(texture, 3, x, y, z);
}
template <class T>
void tex3D(T* result, cudaTextureObject_t texture, float x, float y, float z) {
  *result = tex3D<T>(texture, x, y, z);
}

// Texture and surface functions the backend does not implement: a call names
// the function and why, at compile time.
#define CUCPU_REFUSED_TEXTURE_FUNCTION(name, why)                                                          \
  template <class T = float, class... Args>                                                                 \
  T name(Args...) {                                                                                         \
    static_assert(::cucpu::detail::texture::refused<T>, #name " is not supported by the CPU backend: " why); \
    return T();                                                                                             \
  }
CUCPU_REFUSED_TEXTURE_FUNCTION(tex1DLod, "mipmapped textures are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(tex2DLod, "mipmapped textures are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(tex3DLod, "mipmapped textures are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(tex1DGrad, "mipmapped textures are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(tex2DGrad, "mipmapped textures are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(tex3DGrad, "mipmapped textures are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(tex1DLayered, "layered textures are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(tex2DLayered, "layered textures are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(tex1DLayeredLod, "layered textures are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(tex2DLayeredLod, "layered textures are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(tex1DLayeredGrad, "layered textures are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(tex2DLayeredGrad, "layered textures are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(texCubemap, "cubemap textures are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(texCubemapLod, "cubemap textures are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(texCubemapGrad, "cubemap textures are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(texCubemapLayered, "cubemap textures are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(texCubemapLayeredLod, "cubemap textures are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(texCubemapLayeredGrad, "cubemap textures are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(tex2Dgather, "texture gathers are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(surf1Dread, "surfaces are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(surf2Dread, "surfaces are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(surf3Dread, "surfaces are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(surf1DLayeredread, "surfaces are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(surf2DLayeredread, "surfaces are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(surfCubemapread, "surfaces are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(surfCubemapLayeredread, "surfaces are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(surf1Dwrite, "surfaces are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(surf2Dwrite, "surfaces are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(surf3Dwrite, "surfaces are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(surf1DLayeredwrite, "surfaces are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(surf2DLayeredwrite, "surfaces are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(surfCubemapwrite, "surfaces are not implemented")
CUCPU_REFUSED_TEXTURE_FUNCTION(surfCubemapLayeredwrite, "surfaces are not implemented")
#undef CUCPU_REFUSED_TEXTURE_FUNCTION
