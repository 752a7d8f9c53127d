// Textures work on the CPU backend, but mipmapped arrays and surfaces do
// not: cucc must refuse their runtime functions at compile time, naming each
// and why, at its line (refuse_texture_lod.cu covers the device side).
// nvcc accepts this file.
#include "conformance_check.h"

int main() {
  cudaMipmappedArray_t levels = nullptr;
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  CONFORMANCE_CUDA(cudaMallocMipmappedArray(&levels, &desc, make_cudaExtent(8, 8, 0), 3));
  cudaSurfaceObject_t surface = 0;
  cudaResourceDesc resource = {};
  CONFORMANCE_CUDA(cudaCreateSurfaceObject(&surface, &resource));
  return conformance::finish();
}
