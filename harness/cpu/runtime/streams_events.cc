// Streams and events. Kernels and copies complete before their call returns,
// so a stream is only a handle to validate and an event is a timestamp taken
// from a steady clock when it is recorded.
#include <chrono>
#include <mutex>
#include <set>

#include "runtime_state.h"

namespace cucpu::runtime {
namespace {

struct StreamObject {
  unsigned flags;
};

struct EventObject {
  unsigned flags;
  bool recorded = false;
  std::chrono::steady_clock::time_point when;
};

std::mutex g_handles_mutex;
std::set<const void*>& live_handles() {
  static auto* handles = new std::set<const void*>();
  return *handles;
}

void remember(const void* handle) {
  std::lock_guard<std::mutex> lock(g_handles_mutex);
  live_handles().insert(handle);
}
bool forget(const void* handle) {
  std::lock_guard<std::mutex> lock(g_handles_mutex);
  return live_handles().erase(handle) == 1;
}
bool is_live(const void* handle) {
  std::lock_guard<std::mutex> lock(g_handles_mutex);
  return live_handles().count(handle) == 1;
}

// The null stream and the two special handles are always valid.
bool valid_stream(cudaStream_t stream) {
  return stream == nullptr || stream == cudaStreamLegacy || stream == cudaStreamPerThread || is_live(stream);
}

EventObject* as_event(cudaEvent_t event) {
  return is_live(event) ? reinterpret_cast<EventObject*>(event) : nullptr;
}

}  // namespace
}  // namespace cucpu::runtime

using namespace cucpu::runtime;

extern "C" {

cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned int flags) {
  if (stream == nullptr) return fail(cudaErrorInvalidValue);
  auto* object = new StreamObject{flags};
  *stream = reinterpret_cast<cudaStream_t>(object);
  remember(object);
  return cudaSuccess;
}
cudaError_t cudaStreamCreate(cudaStream_t* stream) { return cudaStreamCreateWithFlags(stream, cudaStreamDefault); }
cudaError_t cudaStreamCreateWithPriority(cudaStream_t* stream, unsigned int flags, int) {
  return cudaStreamCreateWithFlags(stream, flags);
}
cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  if (stream == nullptr || !forget(stream)) return fail(cudaErrorInvalidResourceHandle);
  delete reinterpret_cast<StreamObject*>(stream);
  return cudaSuccess;
}
cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  if (!valid_stream(stream)) return fail(cudaErrorInvalidResourceHandle);
  return sticky_error();
}
cudaError_t cudaStreamQuery(cudaStream_t stream) {
  if (!valid_stream(stream)) return fail(cudaErrorInvalidResourceHandle);
  return sticky_error();
}
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int) {
  if (!valid_stream(stream) || as_event(event) == nullptr) return fail(cudaErrorInvalidResourceHandle);
  return cudaSuccess;
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags) {
  if (event == nullptr) return fail(cudaErrorInvalidValue);
  auto* object = new EventObject{flags, false, {}};
  *event = reinterpret_cast<cudaEvent_t>(object);
  remember(object);
  return cudaSuccess;
}
cudaError_t cudaEventCreate(cudaEvent_t* event) { return cudaEventCreateWithFlags(event, cudaEventDefault); }
cudaError_t cudaEventDestroy(cudaEvent_t event) {
  if (event == nullptr || !forget(event)) return fail(cudaErrorInvalidResourceHandle);
  delete reinterpret_cast<EventObject*>(event);
  return cudaSuccess;
}
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
  EventObject* object = as_event(event);
  if (object == nullptr || !valid_stream(stream)) return fail(cudaErrorInvalidResourceHandle);
  object->recorded = true;
  object->when = std::chrono::steady_clock::now();
  return cudaSuccess;
}
cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream, unsigned int) {
  return cudaEventRecord(event, stream);
}
cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  if (as_event(event) == nullptr) return fail(cudaErrorInvalidResourceHandle);
  return sticky_error();
}
cudaError_t cudaEventQuery(cudaEvent_t event) {
  if (as_event(event) == nullptr) return fail(cudaErrorInvalidResourceHandle);
  return sticky_error();
}
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
  if (ms == nullptr) return fail(cudaErrorInvalidValue);
  EventObject* first = as_event(start);
  EventObject* last = as_event(end);
  if (first == nullptr || last == nullptr) return fail(cudaErrorInvalidResourceHandle);
  if ((first->flags | last->flags) & cudaEventDisableTiming) return fail(cudaErrorInvalidResourceHandle);
  if (!first->recorded || !last->recorded) return fail(cudaErrorInvalidResourceHandle);
  *ms = std::chrono::duration<float, std::milli>(last->when - first->when).count();
  return cudaSuccess;
}

}  // extern "C"
