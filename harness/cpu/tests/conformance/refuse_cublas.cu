// cuBLAS is a GPU library with no CPU build here: cucc must refuse a program
// that includes or calls it, naming cuBLAS and the line, at compile time
// rather than at link time with an undefined-symbol error. nvcc compiles this
// file with -c (linking would need -lcublas).
#include <cublas_v2.h>

#include "conformance_check.h"

int main() {
  cublasHandle_t handle;
  if (cublasCreate(&handle) != CUBLAS_STATUS_SUCCESS) return 1;
  float *x, *y;
  CONFORMANCE_CUDA(cudaMalloc(&x, 16 * sizeof(float)));
  CONFORMANCE_CUDA(cudaMalloc(&y, 16 * sizeof(float)));
  const float alpha = 2.0f;
  cublasSaxpy(handle, 16, &alpha, x, 1, y, 1);
  cublasDestroy(handle);
  return conformance::finish();
}
