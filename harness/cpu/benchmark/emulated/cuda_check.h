// Stops a benchmark program on any CUDA runtime error, naming the call: a
// timing taken after a failed launch would be meaningless.
#pragma once

#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

#define BENCH_CUDA(call)                                                              \
  do {                                                                                \
    cudaError_t bench_status_ = (call);                                               \
    if (bench_status_ != cudaSuccess) {                                               \
      std::fprintf(stderr, "error: %s at %s:%d: %s\n", #call, __FILE__, __LINE__,     \
                   cudaGetErrorString(bench_status_));                                \
      std::exit(1);                                                                   \
    }                                                                                 \
  } while (0)
