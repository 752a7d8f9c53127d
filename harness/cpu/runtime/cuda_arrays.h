// CUDA arrays as the rest of the runtime sees them (defined in textures.cc):
// a row-major block of texels that cudaMemcpy3D can address like pitched
// memory.
#pragma once

#include <cuda_runtime.h>

namespace cucpu::runtime {

// The array as pitched memory (pitch and ysize in bytes and rows), with its
// texel size; false for a null array.
bool array_as_pitched(cudaArray_const_t array, cudaPitchedPtr* pitched, cudaExtent* texels, size_t* texel_bytes);

}  // namespace cucpu::runtime
