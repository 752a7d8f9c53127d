// Loads a solution library built with `cucc -shared`, runs it on 100000
// ones and checks the sum: the library's CUDA calls must bind to the runtime
// linked into this program.
#include <cuda_runtime.h>
#include <dlfcn.h>
#include <cstdio>
#include <vector>
int main(int argc, char** argv) {
  void* h = dlopen(argv[1], RTLD_NOW);
  if (!h) { printf("dlopen: %s\n", dlerror()); return 1; }
  auto fn = (void (*)(const float*, float*, size_t))dlsym(h, "solution");
  size_t n = 100000; std::vector<float> hx(n, 1.0f);
  float *x, *out; cudaMalloc(&x, n * 4); cudaMalloc(&out, 4);
  cudaMemcpy(x, hx.data(), n * 4, cudaMemcpyHostToDevice);
  fn(x, out, n);
  float r; cudaMemcpy(&r, out, 4, cudaMemcpyDeviceToHost);
  printf("sum=%f err=%s\n", r, cudaGetErrorName(cudaDeviceSynchronize()));
  return r != float(n);
}
