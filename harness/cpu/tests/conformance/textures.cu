// Textures and CUDA arrays: channel descriptors, cudaMallocArray with 2-D
// copies in and out, texture objects over an array, pitched memory and
// linear memory; tex2D<T> with nearest-point and linear filtering,
// unnormalized and normalized coordinates, and the clamp, border, wrap and
// mirror address modes, against a host reference written from the CUDA
// programming guide's texture-fetching formulas; integer texels read as
// elements and as normalized floats; tex1D, tex3D (a cudaMalloc3DArray
// filled and read back with cudaMemcpy3D) and tex1Dfetch; and the 9-bit
// fixed-point interpolation weight of linear filtering.
//
// Coordinates are chosen off texel boundaries, with fractions in eighths and
// sizes that are powers of two, so the reference is exact whatever rounding
// a GPU applies there.
#include <cmath>
#include <cstring>
#include <vector>

#include "conformance_check.h"

constexpr int kWidth = 8, kHeight = 4;

float texel_value(int i, int j) { return float(i + 10 * j) + 0.25f * float(i % 3); }

__global__ void sample_2d(cudaTextureObject_t texture, const float2* coords, float* out, int n, int normalized) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = coords[i].x, y = coords[i].y;
  if (normalized) {
    x /= kWidth;
    y /= kHeight;
  }
  out[i] = tex2D<float>(texture, x, y);
}

__global__ void sample_uchar4(cudaTextureObject_t elements, cudaTextureObject_t normalized, uchar4* raw,
                              float4* scaled) {
  int i = threadIdx.x;
  raw[i] = tex2D<uchar4>(elements, i + 0.5f, 1.5f);
  scaled[i] = tex2D<float4>(normalized, i + 1.0f, 1.5f);  // halfway between texels i and i + 1
}

__global__ void fetch_linear(cudaTextureObject_t texture, const int* indices, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<float>(texture, indices[i]);
}

__global__ void sample_3d(cudaTextureObject_t texture, const float4* coords, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex3D<float>(texture, coords[i].x, coords[i].y, coords[i].z);
}

__global__ void sample_1d(cudaTextureObject_t texture, const float* coords, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1D<float>(texture, coords[i]);
}

// ---- host reference --------------------------------------------------------

// The texel index after the address mode; false for a border read.
bool address_index(int& i, int size, cudaTextureAddressMode mode, bool normalized) {
  if (mode == cudaAddressModeBorder) return i >= 0 && i < size;
  if (normalized && mode == cudaAddressModeWrap) {
    i = ((i % size) + size) % size;
  } else if (normalized && mode == cudaAddressModeMirror) {
    int m = ((i % (2 * size)) + 2 * size) % (2 * size);
    i = m < size ? m : 2 * size - 1 - m;
  } else {
    i = i < 0 ? 0 : i >= size ? size - 1 : i;
  }
  return true;
}

float reference_texel(int i, int j, cudaTextureAddressMode mode, bool normalized, float border) {
  if (!address_index(i, kWidth, mode, normalized) || !address_index(j, kHeight, mode, normalized)) return border;
  return texel_value(i, j);
}

float reference_2d(float u, float v, bool linear, cudaTextureAddressMode mode, bool normalized, float border) {
  if (!linear) return reference_texel(int(std::floor(u)), int(std::floor(v)), mode, normalized, border);
  float ub = u - 0.5f, vb = v - 0.5f;
  int i = int(std::floor(ub)), j = int(std::floor(vb));
  float a = ub - float(i), b = vb - float(j);
  return (1 - a) * (1 - b) * reference_texel(i, j, mode, normalized, border) +
         a * (1 - b) * reference_texel(i + 1, j, mode, normalized, border) +
         (1 - a) * b * reference_texel(i, j + 1, mode, normalized, border) +
         a * b * reference_texel(i + 1, j + 1, mode, normalized, border);
}

cudaTextureObject_t make_texture(const cudaResourceDesc& resource, cudaTextureFilterMode filter,
                                 cudaTextureAddressMode mode, bool normalized, cudaTextureReadMode read,
                                 float border) {
  cudaTextureDesc description;
  std::memset(&description, 0, sizeof description);
  description.filterMode = filter;
  description.addressMode[0] = description.addressMode[1] = mode;
  description.normalizedCoords = normalized;
  description.readMode = read;
  for (int c = 0; c < 4; ++c) description.borderColor[c] = border;
  cudaTextureObject_t texture = 0;
  CONFORMANCE_CUDA(cudaCreateTextureObject(&texture, &resource, &description, nullptr));
  return texture;
}

int main() {
  // Channel descriptors.
  cudaChannelFormatDesc f32 = cudaCreateChannelDesc<float>();
  cudaChannelFormatDesc u8x4 = cudaCreateChannelDesc<uchar4>();
  cudaChannelFormatDesc s16x2 = cudaCreateChannelDesc<short2>();
  conformance::check(f32.x == 32 && f32.y == 0 && f32.w == 0 && f32.f == cudaChannelFormatKindFloat &&
                         u8x4.x == 8 && u8x4.w == 8 && u8x4.f == cudaChannelFormatKindUnsigned && s16x2.x == 16 &&
                         s16x2.y == 16 && s16x2.z == 0 && s16x2.f == cudaChannelFormatKindSigned,
                     "cudaCreateChannelDesc<float / uchar4 / short2>");

  // A float array filled from padded host rows, read back.
  const int host_pitch = 11;  // floats per host row
  std::vector<float> host(host_pitch * kHeight, -1.0f);
  for (int j = 0; j < kHeight; ++j)
    for (int i = 0; i < kWidth; ++i) host[j * host_pitch + i] = texel_value(i, j);
  cudaArray_t array = nullptr;
  CONFORMANCE_CUDA(cudaMallocArray(&array, &f32, kWidth, kHeight));
  CONFORMANCE_CUDA(cudaMemcpy2DToArray(array, 0, 0, host.data(), host_pitch * sizeof(float), kWidth * sizeof(float),
                                       kHeight, cudaMemcpyHostToDevice));
  cudaChannelFormatDesc got_desc;
  cudaExtent extent;
  unsigned flags = 99;
  CONFORMANCE_CUDA(cudaArrayGetInfo(&got_desc, &extent, &flags, array));
  conformance::check(got_desc.x == 32 && got_desc.f == cudaChannelFormatKindFloat && extent.width == kWidth &&
                         extent.height == kHeight && extent.depth == 0 && flags == 0,
                     "cudaArrayGetInfo: format, extent and flags");
  std::vector<float> back(kWidth * kHeight, 0.0f), want_back(kWidth * kHeight);
  CONFORMANCE_CUDA(cudaMemcpy2DFromArray(back.data(), kWidth * sizeof(float), array, 2 * sizeof(float), 1,
                                         (kWidth - 2) * sizeof(float), kHeight - 1, cudaMemcpyDeviceToHost));
  for (int j = 0; j < kHeight - 1; ++j)
    for (int i = 0; i < kWidth; ++i) want_back[j * kWidth + i] = i < kWidth - 2 ? texel_value(i + 2, j + 1) : 0.0f;
  conformance::check_equal(back.data(), want_back.data(), size_t(kWidth * (kHeight - 1)),
                           "cudaMemcpy2DToArray then cudaMemcpy2DFromArray of a sub-rectangle");

  // Sample points in texel units, all off texel boundaries, many outside.
  const float us[] = {-9.75f, -1.25f, 0.375f, 1.5f, 2.75f, 7.625f, 8.25f, 9.5f, 17.125f};
  const float vs[] = {-3.125f, -0.5f, 0.625f, 2.25f, 3.875f, 5.25f};
  std::vector<float2> coords;
  for (float v : vs)
    for (float u : us) coords.push_back(make_float2(u, v));
  const int n = int(coords.size());
  float2* d_coords = nullptr;
  float* d_out = nullptr;
  CONFORMANCE_CUDA(cudaMalloc(&d_coords, n * sizeof(float2)));
  CONFORMANCE_CUDA(cudaMalloc(&d_out, n * sizeof(float)));
  CONFORMANCE_CUDA(cudaMemcpy(d_coords, coords.data(), n * sizeof(float2), cudaMemcpyHostToDevice));

  cudaResourceDesc array_resource;
  std::memset(&array_resource, 0, sizeof array_resource);
  array_resource.resType = cudaResourceTypeArray;
  array_resource.res.array.array = array;
  const float border = -7.0f;
  struct Mode {
    cudaTextureAddressMode mode;
    const char* name;
  } modes[] = {{cudaAddressModeClamp, "clamp"},
               {cudaAddressModeBorder, "border"},
               {cudaAddressModeWrap, "wrap"},
               {cudaAddressModeMirror, "mirror"}};
  std::vector<float> got(n), want(n);
  for (int normalized = 0; normalized < 2; ++normalized) {
    for (int linear = 0; linear < 2; ++linear) {
      for (const Mode& mode : modes) {
        // The guide defines wrap and mirror for normalized coordinates only.
        if (!normalized && (mode.mode == cudaAddressModeWrap || mode.mode == cudaAddressModeMirror)) continue;
        cudaTextureObject_t texture =
            make_texture(array_resource, linear ? cudaFilterModeLinear : cudaFilterModePoint, mode.mode,
                         normalized != 0, cudaReadModeElementType, border);
        sample_2d<<<(n + 31) / 32, 32>>>(texture, d_coords, d_out, n, normalized);
        CONFORMANCE_CUDA(cudaDeviceSynchronize());
        CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
        for (int k = 0; k < n; ++k)
          want[k] = reference_2d(coords[k].x, coords[k].y, linear != 0, mode.mode, normalized != 0, border);
        char what[160];
        std::snprintf(what, sizeof what, "tex2D<float> on an array: %s filtering, %s coordinates, address mode %s",
                      linear ? "linear" : "point", normalized ? "normalized" : "unnormalized", mode.name);
        conformance::check_close(got.data(), want.data(), size_t(n), 1e-6, 1e-5, what);
        CONFORMANCE_CUDA(cudaDestroyTextureObject(texture));
      }
    }
  }

  // Pitched 2-D memory as the resource (cudaMallocPitch), texel centres and
  // halfway points.
  float* pitched = nullptr;
  size_t pitch = 0;
  CONFORMANCE_CUDA(cudaMallocPitch(reinterpret_cast<void**>(&pitched), &pitch, kWidth * sizeof(float), kHeight));
  CONFORMANCE_CUDA(cudaMemcpy2D(pitched, pitch, host.data(), host_pitch * sizeof(float), kWidth * sizeof(float),
                                kHeight, cudaMemcpyHostToDevice));
  cudaResourceDesc pitch_resource;
  std::memset(&pitch_resource, 0, sizeof pitch_resource);
  pitch_resource.resType = cudaResourceTypePitch2D;
  pitch_resource.res.pitch2D.devPtr = pitched;
  pitch_resource.res.pitch2D.desc = f32;
  pitch_resource.res.pitch2D.width = kWidth;
  pitch_resource.res.pitch2D.height = kHeight;
  pitch_resource.res.pitch2D.pitchInBytes = pitch;
  cudaTextureObject_t pitch_texture = make_texture(pitch_resource, cudaFilterModeLinear, cudaAddressModeClamp, false,
                                                   cudaReadModeElementType, 0.0f);
  std::vector<float2> centres;
  for (int j = 0; j < kHeight; ++j)
    for (int i = 0; i < kWidth; ++i) centres.push_back(make_float2(i + (j % 2 ? 1.0f : 0.5f), j + 0.5f));
  CONFORMANCE_CUDA(cudaMemcpy(d_coords, centres.data(), centres.size() * sizeof(float2), cudaMemcpyHostToDevice));
  const int m = int(centres.size());
  sample_2d<<<1, m>>>(pitch_texture, d_coords, d_out, m, 0);
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, m * sizeof(float), cudaMemcpyDeviceToHost));
  for (int k = 0; k < m; ++k)
    want[k] = reference_2d(centres[k].x, centres[k].y, true, cudaAddressModeClamp, false, 0.0f);
  conformance::check_close(got.data(), want.data(), size_t(m), 1e-6, 1e-5,
                           "tex2D<float> linear over cudaMallocPitch memory (centres and halfway points)");
  cudaResourceDesc resource_back;
  CONFORMANCE_CUDA(cudaGetTextureObjectResourceDesc(&resource_back, pitch_texture));
  conformance::check(resource_back.resType == cudaResourceTypePitch2D &&
                         resource_back.res.pitch2D.pitchInBytes == pitch,
                     "cudaGetTextureObjectResourceDesc gives the resource back");

  // 9-bit weights: between texels 0 and 256, 0.3 of the way reads a
  // multiple of 1/256 of the step, never the exact 76.8: 77, the weight
  // rounded to nearest (as an H200 reads it).
  const float ramp_host[2] = {0.0f, 256.0f};
  cudaArray_t ramp = nullptr;
  CONFORMANCE_CUDA(cudaMallocArray(&ramp, &f32, 2, 1));
  CONFORMANCE_CUDA(cudaMemcpy2DToArray(ramp, 0, 0, ramp_host, sizeof ramp_host, sizeof ramp_host, 1,
                                       cudaMemcpyHostToDevice));
  cudaResourceDesc ramp_resource = array_resource;
  ramp_resource.res.array.array = ramp;
  cudaTextureObject_t ramp_texture = make_texture(ramp_resource, cudaFilterModeLinear, cudaAddressModeClamp, false,
                                                  cudaReadModeElementType, 0.0f);
  const float2 ramp_point = make_float2(0.8f, 0.5f);
  CONFORMANCE_CUDA(cudaMemcpy(d_coords, &ramp_point, sizeof ramp_point, cudaMemcpyHostToDevice));
  sample_2d<<<1, 1>>>(ramp_texture, d_coords, d_out, 1, 0);
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  float ramp_value = 0.0f;
  CONFORMANCE_CUDA(cudaMemcpy(&ramp_value, d_out, sizeof(float), cudaMemcpyDeviceToHost));
  std::printf("linear filtering 0.3 of the way from 0 to 256 reads %g\n", ramp_value);
  conformance::check(ramp_value == 77.0f, "linear filtering weights are 9-bit fixed point (1/256 steps), rounded to nearest");

  // uchar4 texels: raw elements (point) and normalized floats (linear).
  cudaArray_t bytes = nullptr;
  const int byte_width = 4, byte_height = 2;
  std::vector<uchar4> byte_host(byte_width * byte_height);
  for (int k = 0; k < byte_width * byte_height; ++k)
    byte_host[k] = make_uchar4((unsigned char)(k * 30), (unsigned char)(255 - k), (unsigned char)(k * k), 255);
  CONFORMANCE_CUDA(cudaMallocArray(&bytes, &u8x4, byte_width, byte_height));
  CONFORMANCE_CUDA(cudaMemcpy2DToArray(bytes, 0, 0, byte_host.data(), byte_width * sizeof(uchar4),
                                       byte_width * sizeof(uchar4), byte_height, cudaMemcpyHostToDevice));
  cudaResourceDesc byte_resource = array_resource;
  byte_resource.res.array.array = bytes;
  cudaTextureObject_t byte_elements = make_texture(byte_resource, cudaFilterModePoint, cudaAddressModeClamp, false,
                                                   cudaReadModeElementType, 0.0f);
  cudaTextureObject_t byte_normalized = make_texture(byte_resource, cudaFilterModeLinear, cudaAddressModeClamp, false,
                                                     cudaReadModeNormalizedFloat, 0.0f);
  uchar4* d_raw = nullptr;
  float4* d_scaled = nullptr;
  CONFORMANCE_CUDA(cudaMalloc(&d_raw, byte_width * sizeof(uchar4)));
  CONFORMANCE_CUDA(cudaMalloc(&d_scaled, byte_width * sizeof(float4)));
  sample_uchar4<<<1, byte_width>>>(byte_elements, byte_normalized, d_raw, d_scaled);
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  uchar4 raw[byte_width];
  float4 scaled[byte_width];
  CONFORMANCE_CUDA(cudaMemcpy(raw, d_raw, sizeof raw, cudaMemcpyDeviceToHost));
  CONFORMANCE_CUDA(cudaMemcpy(scaled, d_scaled, sizeof scaled, cudaMemcpyDeviceToHost));
  bool raw_ok = true, scaled_ok = true;
  for (int i = 0; i < byte_width; ++i) {
    const uchar4& e = byte_host[byte_width + i];
    raw_ok = raw_ok && raw[i].x == e.x && raw[i].y == e.y && raw[i].z == e.z && raw[i].w == e.w;
    const uchar4& next = byte_host[byte_width + (i + 1 < byte_width ? i + 1 : i)];
    float want_x = 0.5f * (e.x + next.x) / 255.0f, want_y = 0.5f * (e.y + next.y) / 255.0f;
    float want_z = 0.5f * (e.z + next.z) / 255.0f;
    // A GPU filters normalized texels in fixed point: an H200 read halfway
    // between 250 and 251 as 2^-17 above the exact (250.5 / 255).
    const double step = std::ldexp(1.0, -16);
    const bool close = conformance::is_close(scaled[i].x, want_x, 0, step) &&
                       conformance::is_close(scaled[i].y, want_y, 0, step) &&
                       conformance::is_close(scaled[i].z, want_z, 0, step) &&
                       conformance::is_close(scaled[i].w, 1.0, 0, step);
    if (!close && scaled_ok) {
      std::printf("normalized linear texel %d: got (%.9g, %.9g, %.9g, %.9g), want (%.9g, %.9g, %.9g, 1)\n", i,
                  scaled[i].x, scaled[i].y, scaled[i].z, scaled[i].w, want_x, want_y, want_z);
    }
    scaled_ok = scaled_ok && close;
  }
  conformance::check(raw_ok, "tex2D<uchar4> reads raw texels (cudaReadModeElementType)");
  conformance::check(scaled_ok, "tex2D<float4> of uchar4 texels with cudaReadModeNormalizedFloat, linear");

  // Linear memory: tex1Dfetch by index.
  const int count = 37;
  std::vector<float> linear_host(count);
  for (int k = 0; k < count; ++k) linear_host[k] = 0.5f * float(k * k) - 3.0f;
  float* d_linear = nullptr;
  int* d_indices = nullptr;
  CONFORMANCE_CUDA(cudaMalloc(&d_linear, count * sizeof(float)));
  CONFORMANCE_CUDA(cudaMalloc(&d_indices, count * sizeof(int)));
  CONFORMANCE_CUDA(cudaMemcpy(d_linear, linear_host.data(), count * sizeof(float), cudaMemcpyHostToDevice));
  std::vector<int> indices(count);
  for (int k = 0; k < count; ++k) indices[k] = (k * 7) % count;
  CONFORMANCE_CUDA(cudaMemcpy(d_indices, indices.data(), count * sizeof(int), cudaMemcpyHostToDevice));
  cudaResourceDesc linear_resource;
  std::memset(&linear_resource, 0, sizeof linear_resource);
  linear_resource.resType = cudaResourceTypeLinear;
  linear_resource.res.linear.devPtr = d_linear;
  linear_resource.res.linear.desc = f32;
  linear_resource.res.linear.sizeInBytes = count * sizeof(float);
  cudaTextureObject_t linear_texture = make_texture(linear_resource, cudaFilterModePoint, cudaAddressModeClamp, false,
                                                    cudaReadModeElementType, 0.0f);
  fetch_linear<<<2, 32>>>(linear_texture, d_indices, d_out, count);
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, count * sizeof(float), cudaMemcpyDeviceToHost));
  for (int k = 0; k < count; ++k) want[k] = linear_host[indices[k]];
  conformance::check_equal(got.data(), want.data(), size_t(count), "tex1Dfetch<float> over linear memory");

  // A 1-D array (height 0), linear filtering, normalized coordinates, wrap:
  // the ends interpolate across the seam.
  cudaArray_t row = nullptr;
  CONFORMANCE_CUDA(cudaMallocArray(&row, &f32, kWidth, 0));
  CONFORMANCE_CUDA(cudaMemcpy2DToArray(row, 0, 0, host.data(), kWidth * sizeof(float), kWidth * sizeof(float), 1,
                                       cudaMemcpyHostToDevice));
  cudaResourceDesc row_resource = array_resource;
  row_resource.res.array.array = row;
  cudaTextureObject_t row_texture = make_texture(row_resource, cudaFilterModeLinear, cudaAddressModeWrap, true,
                                                 cudaReadModeElementType, 0.0f);
  const float row_coords[] = {0.0f, 0.03125f, 0.5f, 0.9375f, 1.25f, -0.0625f};
  const int r = 6;
  float* d_row_coords = nullptr;
  CONFORMANCE_CUDA(cudaMalloc(&d_row_coords, sizeof row_coords));
  CONFORMANCE_CUDA(cudaMemcpy(d_row_coords, row_coords, sizeof row_coords, cudaMemcpyHostToDevice));
  sample_1d<<<1, r>>>(row_texture, d_row_coords, d_out, r);
  CONFORMANCE_CUDA(cudaDeviceSynchronize());
  CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, r * sizeof(float), cudaMemcpyDeviceToHost));
  for (int k = 0; k < r; ++k) {
    float ub = row_coords[k] * kWidth - 0.5f;
    int i = int(std::floor(ub));
    float a = ub - float(i);
    int i0 = i, i1 = i + 1;
    address_index(i0, kWidth, cudaAddressModeWrap, true);
    address_index(i1, kWidth, cudaAddressModeWrap, true);
    want[k] = (1 - a) * texel_value(i0, 0) + a * texel_value(i1, 0);
  }
  conformance::check_close(got.data(), want.data(), size_t(r), 1e-6, 1e-5,
                           "tex1D<float> on a 1-D array: linear, normalized, wrap across the seam");

  // A 3-D array through cudaMemcpy3D, sampled with tex3D (point and
  // trilinear, clamp).
  const int side = 4;
  std::vector<float> volume(side * side * side);
  auto voxel = [&](int i, int j, int k) {
    i = i < 0 ? 0 : i >= side ? side - 1 : i;
    j = j < 0 ? 0 : j >= side ? side - 1 : j;
    k = k < 0 ? 0 : k >= side ? side - 1 : k;
    return float(i + 4 * j + 16 * k) - 0.5f * float(j % 2);
  };
  for (int k = 0; k < side; ++k)
    for (int j = 0; j < side; ++j)
      for (int i = 0; i < side; ++i) volume[(k * side + j) * side + i] = voxel(i, j, k);
  cudaArray_t cube = nullptr;
  CONFORMANCE_CUDA(cudaMalloc3DArray(&cube, &f32, make_cudaExtent(side, side, side)));
  cudaMemcpy3DParms into = {};
  into.srcPtr = make_cudaPitchedPtr(volume.data(), side * sizeof(float), side, side);
  into.dstArray = cube;
  into.extent = make_cudaExtent(side, side, side);
  into.kind = cudaMemcpyHostToDevice;
  CONFORMANCE_CUDA(cudaMemcpy3D(&into));
  std::vector<float> volume_back(side * side * side, 0.0f);
  cudaMemcpy3DParms out_of = {};
  out_of.srcArray = cube;
  out_of.srcPos = make_cudaPos(1, 0, 2);
  out_of.dstPtr = make_cudaPitchedPtr(volume_back.data(), side * sizeof(float), side, side);
  out_of.extent = make_cudaExtent(side - 1, side, side - 2);
  out_of.kind = cudaMemcpyDeviceToHost;
  CONFORMANCE_CUDA(cudaMemcpy3D(&out_of));
  bool volume_ok = true;
  for (int k = 0; k < side - 2; ++k)
    for (int j = 0; j < side; ++j)
      for (int i = 0; i < side - 1; ++i)
        volume_ok = volume_ok && volume_back[(k * side + j) * side + i] == voxel(i + 1, j, k + 2);
  conformance::check(volume_ok, "cudaMemcpy3D into a 3-D array and a sub-box back out");
  cudaResourceDesc cube_resource = array_resource;
  cube_resource.res.array.array = cube;
  const float4 cube_coords[] = {make_float4(0.625f, 1.5f, 2.375f, 0), make_float4(3.875f, -0.25f, 1.0f, 0),
                                make_float4(2.25f, 2.75f, 5.125f, 0), make_float4(1.125f, 3.5f, 0.375f, 0)};
  const int c = 4;
  float4* d_cube_coords = nullptr;
  CONFORMANCE_CUDA(cudaMalloc(&d_cube_coords, sizeof cube_coords));
  CONFORMANCE_CUDA(cudaMemcpy(d_cube_coords, cube_coords, sizeof cube_coords, cudaMemcpyHostToDevice));
  for (int linear = 0; linear < 2; ++linear) {
    cudaTextureDesc cube_description;
    std::memset(&cube_description, 0, sizeof cube_description);
    cube_description.filterMode = linear ? cudaFilterModeLinear : cudaFilterModePoint;
    cube_description.addressMode[0] = cube_description.addressMode[1] = cube_description.addressMode[2] =
        cudaAddressModeClamp;
    cube_description.readMode = cudaReadModeElementType;
    cudaTextureObject_t cube_texture = 0;
    CONFORMANCE_CUDA(cudaCreateTextureObject(&cube_texture, &cube_resource, &cube_description, nullptr));
    sample_3d<<<1, c>>>(cube_texture, d_cube_coords, d_out, c);
    CONFORMANCE_CUDA(cudaDeviceSynchronize());
    CONFORMANCE_CUDA(cudaMemcpy(got.data(), d_out, c * sizeof(float), cudaMemcpyDeviceToHost));
    for (int q = 0; q < c; ++q) {
      const float4& p = cube_coords[q];
      if (!linear) {
        want[q] = voxel(int(std::floor(p.x)), int(std::floor(p.y)), int(std::floor(p.z)));
        continue;
      }
      float b[3] = {p.x - 0.5f, p.y - 0.5f, p.z - 0.5f};
      int base[3];
      float w[3];
      for (int d = 0; d < 3; ++d) {
        base[d] = int(std::floor(b[d]));
        w[d] = b[d] - float(base[d]);
      }
      float sum = 0.0f;
      for (int corner = 0; corner < 8; ++corner) {
        int dx = corner & 1, dy = (corner >> 1) & 1, dz = corner >> 2;
        float weight = (dx ? w[0] : 1 - w[0]) * (dy ? w[1] : 1 - w[1]) * (dz ? w[2] : 1 - w[2]);
        sum += weight * voxel(base[0] + dx, base[1] + dy, base[2] + dz);
      }
      want[q] = sum;
    }
    conformance::check_close(got.data(), want.data(), size_t(c), 1e-6, 1e-5,
                             linear ? "tex3D<float> trilinear, clamp" : "tex3D<float> point, clamp");
    CONFORMANCE_CUDA(cudaDestroyTextureObject(cube_texture));
  }
  CONFORMANCE_CUDA(cudaFreeArray(cube));
  CONFORMANCE_CUDA(cudaFree(d_cube_coords));

  for (cudaTextureObject_t t : {pitch_texture, ramp_texture, byte_elements, byte_normalized, linear_texture,
                                row_texture}) {
    CONFORMANCE_CUDA(cudaDestroyTextureObject(t));
  }
  for (cudaArray_t a : {array, ramp, bytes, row}) CONFORMANCE_CUDA(cudaFreeArray(a));
  for (void* p : {(void*)d_coords, (void*)d_out, (void*)pitched, (void*)d_raw, (void*)d_scaled, (void*)d_linear,
                  (void*)d_indices, (void*)d_row_coords}) {
    CONFORMANCE_CUDA(cudaFree(p));
  }
  return conformance::finish();
}
