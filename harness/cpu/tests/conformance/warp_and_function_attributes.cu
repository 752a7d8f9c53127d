// Semantics that real programs rely on: __shfl_xor_sync with a width below 32
// (a lane may read from an earlier segment; one whose source lies in a later
// segment keeps its own value), the signed int overloads of
// __reduce_min_sync / __reduce_max_sync / __reduce_add_sync, and a
// cudaFuncSetAttribute opt-in that applies to exactly one instantiation of a
// kernel template, for <<<>>> and cudaLaunchKernel launches alike, and shows
// in cudaFuncGetAttributes.
#include <vector>

#include "conformance_check.h"

__global__ void xor_with_width(int* out, int lane_mask, int width) {
  int lane = threadIdx.x;
  out[lane] = __shfl_xor_sync(0xffffffffu, lane * 10, lane_mask, width);
}

__global__ void signed_reductions(const int* in, int* out) {
  int v = in[threadIdx.x];
  out[0] = __reduce_min_sync(0xffffffffu, v);
  out[1] = __reduce_max_sync(0xffffffffu, v);
  out[2] = __reduce_add_sync(0xffffffffu, v);
}

extern __shared__ unsigned char opt_in_smem[];

template <typename T>
__global__ void fill_shared(T* out, int count) {
  T* s = reinterpret_cast<T*>(opt_in_smem);
  for (int i = threadIdx.x; i < count; i += blockDim.x) s[i] = T(i);
  __syncthreads();
  if (threadIdx.x == 0) out[0] = s[count - 1];
}

int main() {
  {  // width 8, lane mask 8 or 5: PTX shfl.bfly clamps at the end of the lane's segment
    int* out;
    CONFORMANCE_CUDA(cudaMalloc(&out, 32 * sizeof(int)));
    const int masks[] = {8, 5, 16, 3};
    const int widths[] = {8, 8, 16, 4};
    for (int t = 0; t < 4; ++t) {
      xor_with_width<<<1, 32>>>(out, masks[t], widths[t]);
      std::vector<int> got(32), want(32);
      CONFORMANCE_CUDA(cudaMemcpy(got.data(), out, 32 * sizeof(int), cudaMemcpyDeviceToHost));
      for (int lane = 0; lane < 32; ++lane) {
        int segment_end = (lane & ~(widths[t] - 1)) + widths[t] - 1;
        int source = lane ^ masks[t];
        want[lane] = (source <= segment_end ? source : lane) * 10;
      }
      char what[64];
      std::snprintf(what, sizeof what, "__shfl_xor_sync lane mask %d width %d", masks[t], widths[t]);
      conformance::check_equal(got.data(), want.data(), 32, what);
    }
    CONFORMANCE_CUDA(cudaFree(out));
  }
  {  // signed reductions over negative and positive values
    std::vector<int> values(32);
    for (int i = 0; i < 32; ++i) values[i] = (i % 3 == 0 ? -1 : 1) * (i * 1000 + 7);
    int *in, *out;
    CONFORMANCE_CUDA(cudaMalloc(&in, 32 * sizeof(int)));
    CONFORMANCE_CUDA(cudaMalloc(&out, 3 * sizeof(int)));
    CONFORMANCE_CUDA(cudaMemcpy(in, values.data(), 32 * sizeof(int), cudaMemcpyHostToDevice));
    signed_reductions<<<1, 32>>>(in, out);
    int got[3];
    CONFORMANCE_CUDA(cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost));
    int lo = values[0], hi = values[0], sum = 0;
    for (int v : values) {
      lo = v < lo ? v : lo;
      hi = v > hi ? v : hi;
      sum += v;
    }
    int want[3] = {lo, hi, sum};
    conformance::check_equal(got, want, 3, "__reduce_min/max/add_sync on signed int");
    CONFORMANCE_CUDA(cudaFree(in));
    CONFORMANCE_CUDA(cudaFree(out));
  }
  {  // opt-in on fill_shared<float> only
    const size_t bytes = 64 * 1024;
    float* f;
    double* d;
    CONFORMANCE_CUDA(cudaMalloc(&f, sizeof(float)));
    CONFORMANCE_CUDA(cudaMalloc(&d, sizeof(double)));
    CONFORMANCE_CUDA(cudaFuncSetAttribute(fill_shared<float>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          int(bytes)));
    fill_shared<float><<<1, 128, bytes>>>(f, int(bytes / sizeof(float)));
    conformance::check(cudaGetLastError() == cudaSuccess, "opted-in instantiation launches with 64 KiB");
    float f_value = 0;
    CONFORMANCE_CUDA(cudaMemcpy(&f_value, f, sizeof f_value, cudaMemcpyDeviceToHost));
    conformance::check(f_value == float(bytes / sizeof(float) - 1), "opted-in instantiation ran");

    fill_shared<double><<<1, 128, bytes>>>(d, int(bytes / sizeof(double)));
    conformance::check(cudaGetLastError() == cudaErrorInvalidValue,
                       "another instantiation without the opt-in is refused 64 KiB");

    int count = int(bytes / sizeof(float));
    void* args[] = {&f, &count};
    CONFORMANCE_CUDA(cudaMemset(f, 0, sizeof(float)));
    CONFORMANCE_CUDA(cudaLaunchKernel((const void*)fill_shared<float>, dim3(1), dim3(128), args, bytes, 0));
    CONFORMANCE_CUDA(cudaMemcpy(&f_value, f, sizeof f_value, cudaMemcpyDeviceToHost));
    conformance::check(f_value == float(count - 1), "the opt-in reaches cudaLaunchKernel");

    cudaFuncAttributes with, without;
    CONFORMANCE_CUDA(cudaFuncGetAttributes(&with, fill_shared<float>));
    CONFORMANCE_CUDA(cudaFuncGetAttributes(&without, fill_shared<double>));
    conformance::check(with.maxDynamicSharedSizeBytes == int(bytes) &&
                           without.maxDynamicSharedSizeBytes == 48 * 1024,
                       "cudaFuncGetAttributes reports each instantiation's limit");
    CONFORMANCE_CUDA(cudaFree(f));
    CONFORMANCE_CUDA(cudaFree(d));
  }
  return conformance::finish();
}
