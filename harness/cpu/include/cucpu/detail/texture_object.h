// What a cudaTextureObject_t points at on the CPU backend: the texels'
// memory and layout, and how to sample them. The runtime fills it in
// cudaCreateTextureObject (runtime/textures.cc); device code reads it inline
// (cucpu/texture.h).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

namespace cucpu::detail {

struct TextureObject {
  // The texels: width x height x depth of texel_bytes each, rows row_pitch
  // bytes apart and slices slice_pitch apart (height = depth = 1 in 1-D).
  const unsigned char* data;
  size_t width, height, depth;
  size_t row_pitch, slice_pitch;
  // Channel format: channels in use, bits of each, signed/unsigned/float.
  unsigned texel_bytes;
  int channels;
  int bits[4];
  cudaChannelFormatKind kind;
  // Sampling, from the texture descriptor.
  cudaTextureAddressMode address[3];
  cudaTextureFilterMode filter;
  cudaTextureReadMode read;
  bool normalized_coords;
  float border[4];
  // As given, for cudaGetTextureObject*Desc.
  cudaResourceDesc resource;
  cudaTextureDesc texture;
  cudaResourceViewDesc view;
};

}  // namespace cucpu::detail
