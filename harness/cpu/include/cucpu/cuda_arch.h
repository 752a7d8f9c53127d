// Force-included after the prelude and the toolkit headers a program uses,
// when the program's own files test __CUDA_ARCH__ (compiler/device_view.h):
// from here on the program sees the device's side, compute capability 9.0,
// the value cudaGetDeviceProperties reports.
#pragma once

#define __CUDA_ARCH__ 900
