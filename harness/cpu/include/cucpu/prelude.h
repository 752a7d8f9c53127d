// Force-included (g++ -include) into every .cu file that cucc compiles for
// the CPU backend. It brings in the toolkit's own host-usable headers, then
// the device vocabulary they lack. Nothing here needs the CUDA compiler.
#pragma once

#define __CUCPU__ 1

// Thrust's CUDA system needs nvcc; its C++ system runs the same algorithms on
// the host, where "device" memory lives here too, so device_vector data can
// still be handed to kernels (thrust::raw_pointer_cast).
#ifndef THRUST_DEVICE_SYSTEM
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CPP
#endif

#include <cassert>
#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>
#include <cuda_fp16.h>

#include "cucpu/builtins.h"
#include "cucpu/math.h"
#include "cucpu/math_special.h"
#include "cucpu/half_math.h"
#include "cucpu/atomics.h"
#include "cucpu/warp.h"
#include "cucpu/launch.h"
#include "cucpu/split_kernel.h"
#include "cucpu/split_warp.h"
#include "cucpu/symbol_api.h"
#include "cucpu/texture.h"

#ifdef __SANITIZE_ADDRESS__
namespace {
[[maybe_unused]] const bool cucpu_serial_blocks = ::cucpu::detail::run_blocks_serially_for_memory_checks();
}  // namespace
#endif
