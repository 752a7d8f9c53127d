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

constexpr ErrorText kErrors[] = {
    {cudaSuccess, "cudaSuccess", "no error"},
    {cudaErrorInvalidValue, "cudaErrorInvalidValue", "invalid argument"},
    {cudaErrorMemoryAllocation, "cudaErrorMemoryAllocation", "out of memory"},
    {cudaErrorInitializationError, "cudaErrorInitializationError", "initialization error"},
    {cudaErrorInvalidConfiguration, "cudaErrorInvalidConfiguration", "invalid configuration argument"},
    {cudaErrorInvalidPitchValue, "cudaErrorInvalidPitchValue", "invalid pitch argument"},
    {cudaErrorInvalidSymbol, "cudaErrorInvalidSymbol", "invalid device symbol"},
    {cudaErrorInvalidDevicePointer, "cudaErrorInvalidDevicePointer", "invalid device pointer"},
    {cudaErrorInvalidMemcpyDirection, "cudaErrorInvalidMemcpyDirection", "invalid copy direction for memcpy"},
    {cudaErrorInsufficientDriver, "cudaErrorInsufficientDriver",
     "CUDA driver version is insufficient for CUDA runtime version"},
    {cudaErrorNoDevice, "cudaErrorNoDevice", "no CUDA-capable device is detected"},
    {cudaErrorInvalidDevice, "cudaErrorInvalidDevice", "invalid device ordinal"},
    {cudaErrorInvalidKernelImage, "cudaErrorInvalidKernelImage", "device kernel image is invalid"},
    {cudaErrorInvalidResourceHandle, "cudaErrorInvalidResourceHandle", "invalid resource handle"},
    {cudaErrorNotReady, "cudaErrorNotReady", "device not ready"},
    {cudaErrorIllegalAddress, "cudaErrorIllegalAddress", "an illegal memory access was encountered"},
    {cudaErrorLaunchOutOfResources, "cudaErrorLaunchOutOfResources", "too many resources requested for launch"},
    {cudaErrorLaunchTimeout, "cudaErrorLaunchTimeout", "the launch timed out and was terminated"},
    {cudaErrorAssert, "cudaErrorAssert", "device-side assert triggered"},
    {cudaErrorIllegalInstruction, "cudaErrorIllegalInstruction", "an illegal instruction was encountered"},
    {cudaErrorMisalignedAddress, "cudaErrorMisalignedAddress", "misaligned address"},
    {cudaErrorLaunchFailure, "cudaErrorLaunchFailure", "unspecified launch failure"},
    {cudaErrorNotSupported, "cudaErrorNotSupported", "operation not supported"},
    {cudaErrorInvalidDeviceFunction, "cudaErrorInvalidDeviceFunction", "invalid device function"},
    {cudaErrorCooperativeLaunchTooLarge, "cudaErrorCooperativeLaunchTooLarge",
     "too many blocks in cooperative launch"},
    {cudaErrorUnsupportedLimit, "cudaErrorUnsupportedLimit", "limit is not supported on this architecture"},
    {cudaErrorPeerAccessNotEnabled, "cudaErrorPeerAccessNotEnabled", "peer access has not been enabled"},
    {cudaErrorPeerAccessUnsupported, "cudaErrorPeerAccessUnsupported", "peer access is not supported between these two devices"},
    {cudaErrorHostMemoryAlreadyRegistered, "cudaErrorHostMemoryAlreadyRegistered",
     "part or all of the requested memory range is already mapped"},
    {cudaErrorHostMemoryNotRegistered, "cudaErrorHostMemoryNotRegistered",
     "pointer does not correspond to a registered memory region"},
    {cudaErrorUnknown, "cudaErrorUnknown", "unknown error"},
};

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
