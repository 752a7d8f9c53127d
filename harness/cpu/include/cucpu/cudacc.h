// Force-included after the prelude and the toolkit headers a program uses,
// when the program's own files test __CUDACC__ (compiler/device_view.h):
// from here on the program sees the macros nvcc defines for the toolkit it
// ships with. __NVCC__ stays undefined: it names the nvcc driver itself, and
// programs use it for nvcc-only pragmas.
#pragma once

#define __CUDACC__ 1
#define __CUDACC_VER_MAJOR__ (CUDART_VERSION / 1000)
#define __CUDACC_VER_MINOR__ (CUDART_VERSION % 1000 / 10)
