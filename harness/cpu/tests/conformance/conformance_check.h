// Self-checking support for the conformance programs.
//
// Every program computes its expected answers on the host in plain C++,
// compares them with what its kernels produced, prints one "PASS <what>" or
// "FAIL <what>: <detail>" line per check, and returns finish() from main: 0
// when every check passed, 1 otherwise. The same file compiles under nvcc and
// under the CPU backend, so it uses only the CUDA runtime API and <cstdio>.
#pragma once

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

namespace conformance {

inline int& failure_count() {
  static int count = 0;
  return count;
}

// Records one check. `what` names the property, e.g. "atomicAdd(float) sum".
inline bool check(bool ok, const char* what) {
  if (ok) {
    std::printf("PASS %s\n", what);
  } else {
    std::printf("FAIL %s\n", what);
    ++failure_count();
  }
  return ok;
}

// Compares element by element and reports the first mismatch with its index.
template <typename T>
bool check_equal(const T* got, const T* want, size_t n, const char* what) {
  for (size_t i = 0; i < n; ++i) {
    if (!(got[i] == want[i])) {
      std::printf("FAIL %s: index %zu got %.9g expected %.9g\n", what, i,
                  static_cast<double>(got[i]), static_cast<double>(want[i]));
      ++failure_count();
      return false;
    }
  }
  std::printf("PASS %s\n", what);
  return true;
}

// |got - want| <= abs_tol + rel_tol * |want|; NaN never passes.
inline bool is_close(double got, double want, double rel_tol, double abs_tol) {
  return std::fabs(got - want) <= abs_tol + rel_tol * std::fabs(want);
}

template <typename T>
bool check_close(const T* got, const T* want, size_t n, double rel_tol,
                 double abs_tol, const char* what) {
  for (size_t i = 0; i < n; ++i) {
    if (!is_close(static_cast<double>(got[i]), static_cast<double>(want[i]),
                  rel_tol, abs_tol)) {
      std::printf("FAIL %s: index %zu got %.9g expected %.9g (rel %g, abs %g)\n",
                  what, i, static_cast<double>(got[i]),
                  static_cast<double>(want[i]), rel_tol, abs_tol);
      ++failure_count();
      return false;
    }
  }
  std::printf("PASS %s\n", what);
  return true;
}

inline int finish() {
  if (failure_count() == 0) {
    std::printf("ALL PASS\n");
    return 0;
  }
  std::printf("%d CHECK(S) FAILED\n", failure_count());
  return 1;
}

}  // namespace conformance

// Aborts the program on a runtime API failure that is not under test, naming
// the call, the file and line, and the CUDA error.
#define CONFORMANCE_CUDA(call)                                              \
  do {                                                                      \
    cudaError_t conformance_status_ = (call);                               \
    if (conformance_status_ != cudaSuccess) {                               \
      std::printf("FAIL %s at %s:%d: %s (%s)\n", #call, __FILE__, __LINE__, \
                  cudaGetErrorName(conformance_status_),                    \
                  cudaGetErrorString(conformance_status_));                 \
      std::exit(2);                                                         \
    }                                                                       \
  } while (0)
