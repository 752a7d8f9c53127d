// Thrust's C++ system (the device system under the CPU backend, see
// prelude.h) with the error vocabulary its CUDA system brings along: under
// nvcc every algorithm header reaches thrust/system/cuda/detail/util.h, which
// includes thrust::system_error and thrust::cuda_category(), so programs catch
// thrust::system_error after including only, say, <thrust/sort.h>. This
// header is included by every iterator and algorithm header of the device
// system.
#pragma once

#include_next <thrust/system/cpp/detail/execution_policy.h>

#include <thrust/system/cuda/error.h>
#include <thrust/system_error.h>
