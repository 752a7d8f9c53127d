// Launch forms the rewriter must handle, each checked by its result: a
// namespaced kernel, a template with explicit arguments, a function pointer,
// a launch inside a macro, a stream argument, cudaLaunchKernel, and a string
// containing <<<.
#include <cstdio>
#include <cstring>

namespace kernels {
__global__ void set(int* out, int value) { out[threadIdx.x] = value; }
}  // namespace kernels

template <typename T, int Scale>
__global__ void scaled(T* out) { out[threadIdx.x] = T(threadIdx.x * Scale); }

__global__ void modifies_parameter(int* out, int n) {
  n += threadIdx.x;  // each thread owns its copy
  out[threadIdx.x] = n;
}

#define LAUNCH_ONE(kernel, ...) kernel<<<1, 4>>>(__VA_ARGS__)

int main() {
  int* d;
  cudaMalloc(&d, 4 * sizeof(int));
  int h[4];
  int failures = 0;
  auto expect = [&](const char* what, int a, int b, int c, int e) {
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    if (h[0] != a || h[1] != b || h[2] != c || h[3] != e) {
      std::printf("FAIL %s: %d %d %d %d\n", what, h[0], h[1], h[2], h[3]);
      ++failures;
    }
  };
  kernels::set<<<1, 4>>>(d, 7);
  expect("namespaced", 7, 7, 7, 7);
  scaled<int, 3><<<dim3(1), dim3(4), 0, 0>>>(d);
  expect("template", 0, 3, 6, 9);
  void (*pointer)(int*, int) = kernels::set;
  (pointer)<<<1, 4>>>(d, 5);
  expect("pointer", 5, 5, 5, 5);
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  LAUNCH_ONE(modifies_parameter, d, 10);
  expect("macro", 10, 11, 12, 13);
  modifies_parameter<<<1, 4, 0, stream>>>(d, 20);
  expect("stream", 20, 21, 22, 23);
  int value = 30;
  void* args[] = {&d, &value};
  if (cudaLaunchKernel(modifies_parameter, dim3(1), dim3(4), args, 0, nullptr) != cudaSuccess) ++failures;
  expect("cudaLaunchKernel", 30, 31, 32, 33);
  const char* text = "k<<<1, 1>>>()";
  if (std::strlen(text) != 13) ++failures;
  if (cudaGetLastError() != cudaSuccess) ++failures;
  std::printf(failures == 0 ? "ALL PASS\n" : "FAILED\n");
  return failures != 0;
}
