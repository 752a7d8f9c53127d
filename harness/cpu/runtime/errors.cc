// The CUDA error model: cudaGetLastError / PeekAtLastError, error names and
// descriptions, and the sticky fault that a kernel error leaves behind.
#include <atomic>
#include <cstdio>
#include <string>

#include "runtime_state.h"

namespace cucpu::runtime {
namespace {

thread_local cudaError_t tls_last_error = cudaSuccess;
std::atomic<int> g_sticky_error{cudaSuccess};

struct ErrorText {
  cudaError_t code;
  const char* name;
  const char* description;
};

// Each code with its own name (spelled once) and the toolkit's description.
#define CUCPU_ERROR(code, description) \
  { code, #code, description }
constexpr ErrorText kErrors[] = {
    CUCPU_ERROR(cudaSuccess, "no error"),
    CUCPU_ERROR(cudaErrorInvalidValue, "invalid argument"),
    CUCPU_ERROR(cudaErrorMemoryAllocation, "out of memory"),
    CUCPU_ERROR(cudaErrorInitializationError, "initialization error"),
    CUCPU_ERROR(cudaErrorInvalidConfiguration, "invalid configuration argument"),
    CUCPU_ERROR(cudaErrorInvalidPitchValue, "invalid pitch argument"),
    CUCPU_ERROR(cudaErrorInvalidSymbol, "invalid device symbol"),
    CUCPU_ERROR(cudaErrorInvalidDevicePointer, "invalid device pointer"),
    CUCPU_ERROR(cudaErrorInvalidMemcpyDirection, "invalid copy direction for memcpy"),
    CUCPU_ERROR(cudaErrorInsufficientDriver, "CUDA driver version is insufficient for CUDA runtime version"),
    CUCPU_ERROR(cudaErrorNoDevice, "no CUDA-capable device is detected"),
    CUCPU_ERROR(cudaErrorInvalidDevice, "invalid device ordinal"),
    CUCPU_ERROR(cudaErrorInvalidKernelImage, "device kernel image is invalid"),
    CUCPU_ERROR(cudaErrorInvalidResourceHandle, "invalid resource handle"),
    CUCPU_ERROR(cudaErrorNotReady, "device not ready"),
    CUCPU_ERROR(cudaErrorIllegalAddress, "an illegal memory access was encountered"),
    CUCPU_ERROR(cudaErrorLaunchOutOfResources, "too many resources requested for launch"),
    CUCPU_ERROR(cudaErrorLaunchTimeout, "the launch timed out and was terminated"),
    CUCPU_ERROR(cudaErrorAssert, "device-side assert triggered"),
    CUCPU_ERROR(cudaErrorIllegalInstruction, "an illegal instruction was encountered"),
    CUCPU_ERROR(cudaErrorMisalignedAddress, "misaligned address"),
    CUCPU_ERROR(cudaErrorLaunchFailure, "unspecified launch failure"),
    CUCPU_ERROR(cudaErrorNotSupported, "operation not supported"),
    CUCPU_ERROR(cudaErrorInvalidDeviceFunction, "invalid device function"),
    CUCPU_ERROR(cudaErrorCooperativeLaunchTooLarge, "too many blocks in cooperative launch"),
    CUCPU_ERROR(cudaErrorUnsupportedLimit, "limit is not supported on this architecture"),
    CUCPU_ERROR(cudaErrorPeerAccessNotEnabled, "peer access has not been enabled"),
    CUCPU_ERROR(cudaErrorPeerAccessUnsupported, "peer access is not supported between these two devices"),
    CUCPU_ERROR(cudaErrorHostMemoryAlreadyRegistered, "part or all of the requested memory range is already mapped"),
    CUCPU_ERROR(cudaErrorHostMemoryNotRegistered, "pointer does not correspond to a registered memory region"),
    CUCPU_ERROR(cudaErrorUnknown, "unknown error"),
};
#undef CUCPU_ERROR

const ErrorText* find_error(cudaError_t code) {
  for (const ErrorText& entry : kErrors) {
    if (entry.code == code) return &entry;
  }
  return nullptr;
}

}  // namespace

cudaError_t record_error(cudaError_t error) {
  if (error != cudaSuccess) tls_last_error = error;
  return error;
}

void set_sticky_error(cudaError_t error) {
  int expected = cudaSuccess;
  g_sticky_error.compare_exchange_strong(expected, error);
  tls_last_error = error;
}

cudaError_t sticky_error() { return static_cast<cudaError_t>(g_sticky_error.load()); }

void clear_errors() {
  g_sticky_error.store(cudaSuccess);
  tls_last_error = cudaSuccess;
}

std::string describe_site(const KernelSite* site) {
  if (site == nullptr) return "host code";
  if (site->line == 0) return std::string("kernel '") + site->name + "'";  // launched through the runtime API
  return std::string("kernel '") + site->name + "' (" + site->file + ":" + std::to_string(site->line) + ")";
}

}  // namespace cucpu::runtime

using namespace cucpu::runtime;

extern "C" {

cudaError_t cudaGetLastError(void) {
  cudaError_t sticky = sticky_error();
  if (sticky != cudaSuccess) return sticky;
  cudaError_t last = tls_last_error;
  tls_last_error = cudaSuccess;
  return last;
}

cudaError_t cudaPeekAtLastError(void) {
  cudaError_t sticky = sticky_error();
  return sticky != cudaSuccess ? sticky : tls_last_error;
}

const char* cudaGetErrorName(cudaError_t error) {
  const ErrorText* entry = find_error(error);
  return entry ? entry->name : "cudaErrorUnknown";
}

const char* cudaGetErrorString(cudaError_t error) {
  const ErrorText* entry = find_error(error);
  return entry ? entry->description : "unrecognized error code";
}

}  // extern "C"
