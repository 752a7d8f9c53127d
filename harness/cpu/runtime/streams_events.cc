// Streams and events. Kernels and copies complete before their call returns,
// so a stream is only a handle to validate and an event is a timestamp taken
// from a steady clock when it is recorded.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <map>
#include <mutex>
#include <set>

#include "runtime_state.h"

namespace cucpu::runtime {
namespace {

struct StreamObject {
  unsigned flags;
  int priority = 0;
  unsigned long long id = 0;
  std::map<int, cudaLaunchAttributeValue> attributes;  // cudaStreamSetAttribute
};

// Stream priorities as a GPU offers them: 0 (lowest) down to -5 (greatest).
constexpr int kLeastStreamPriority = 0;
constexpr int kGreatestStreamPriority = -5;
std::atomic<unsigned long long> g_next_stream_id{1};

// Attributes set on the null stream and the special handles.
std::map<int, cudaLaunchAttributeValue>& default_stream_attributes() {
  static auto* attributes = new std::map<int, cudaLaunchAttributeValue>();
  return *attributes;
}

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

StreamObject* as_stream_object(cudaStream_t stream) {
  bool special = stream == nullptr || stream == cudaStreamLegacy || stream == cudaStreamPerThread;
  return special ? nullptr : reinterpret_cast<StreamObject*>(stream);
}

// The attributes a stream can carry (the launch attributes that apply to streams).
bool is_stream_attribute(cudaStreamAttrID attr) {
  return attr == cudaLaunchAttributeAccessPolicyWindow || attr == cudaLaunchAttributeSynchronizationPolicy ||
         attr == cudaLaunchAttributePriority || attr == cudaLaunchAttributeMemSyncDomainMap ||
         attr == cudaLaunchAttributeMemSyncDomain;
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
  object->id = g_next_stream_id++;
  *stream = reinterpret_cast<cudaStream_t>(object);
  remember(object);
  return cudaSuccess;
}
cudaError_t cudaStreamCreate(cudaStream_t* stream) { return cudaStreamCreateWithFlags(stream, cudaStreamDefault); }
cudaError_t cudaStreamCreateWithPriority(cudaStream_t* stream, unsigned int flags, int priority) {
  cudaError_t error = cudaStreamCreateWithFlags(stream, flags);
  if (error != cudaSuccess) return error;
  // Out-of-range priorities are clamped, as CUDA does.
  reinterpret_cast<StreamObject*>(*stream)->priority =
      std::min(kLeastStreamPriority, std::max(kGreatestStreamPriority, priority));
  return cudaSuccess;
}
cudaError_t cudaDeviceGetStreamPriorityRange(int* least, int* greatest) {
  if (least) *least = kLeastStreamPriority;
  if (greatest) *greatest = kGreatestStreamPriority;
  return cudaSuccess;
}
cudaError_t cudaStreamGetPriority(cudaStream_t stream, int* priority) {
  if (priority == nullptr) return fail(cudaErrorInvalidValue);
  if (!valid_stream(stream)) return fail(cudaErrorInvalidResourceHandle);
  StreamObject* object = as_stream_object(stream);
  *priority = object ? object->priority : 0;
  return cudaSuccess;
}
cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int* flags) {
  if (flags == nullptr) return fail(cudaErrorInvalidValue);
  if (!valid_stream(stream)) return fail(cudaErrorInvalidResourceHandle);
  StreamObject* object = as_stream_object(stream);
  *flags = object ? object->flags : cudaStreamDefault;
  return cudaSuccess;
}
cudaError_t cudaStreamGetId(cudaStream_t stream, unsigned long long* id) {
  if (id == nullptr) return fail(cudaErrorInvalidValue);
  if (!valid_stream(stream)) return fail(cudaErrorInvalidResourceHandle);
  StreamObject* object = as_stream_object(stream);
  *id = object ? object->id : 0;
  return cudaSuccess;
}
cudaError_t cudaStreamGetDevice(cudaStream_t stream, int* device) {
  if (device == nullptr) return fail(cudaErrorInvalidValue);
  if (!valid_stream(stream)) return fail(cudaErrorInvalidResourceHandle);
  *device = 0;
  return cudaSuccess;
}
// Attributes are stored and read back; an access policy window has no effect
// on the CPU's caches.
cudaError_t cudaStreamSetAttribute(cudaStream_t stream, cudaStreamAttrID attr, const cudaStreamAttrValue* value) {
  if (value == nullptr || !is_stream_attribute(attr)) return fail(cudaErrorInvalidValue);
  if (!valid_stream(stream)) return fail(cudaErrorInvalidResourceHandle);
  std::lock_guard<std::mutex> lock(g_handles_mutex);
  StreamObject* object = as_stream_object(stream);
  (object ? object->attributes : default_stream_attributes())[int(attr)] = *value;
  return cudaSuccess;
}
cudaError_t cudaStreamGetAttribute(cudaStream_t stream, cudaStreamAttrID attr, cudaStreamAttrValue* value) {
  if (value == nullptr || !is_stream_attribute(attr)) return fail(cudaErrorInvalidValue);
  if (!valid_stream(stream)) return fail(cudaErrorInvalidResourceHandle);
  std::lock_guard<std::mutex> lock(g_handles_mutex);
  StreamObject* object = as_stream_object(stream);
  auto& attributes = object ? object->attributes : default_stream_attributes();
  auto found = attributes.find(int(attr));
  std::memset(value, 0, sizeof(*value));
  if (found != attributes.end()) *value = found->second;
  else if (attr == cudaLaunchAttributePriority) value->priority = object ? object->priority : 0;
  return cudaSuccess;
}
cudaError_t cudaStreamCopyAttributes(cudaStream_t dst, cudaStream_t src) {
  if (!valid_stream(dst) || !valid_stream(src)) return fail(cudaErrorInvalidResourceHandle);
  std::lock_guard<std::mutex> lock(g_handles_mutex);
  StreamObject* from = as_stream_object(src);
  StreamObject* to = as_stream_object(dst);
  (to ? to->attributes : default_stream_attributes()) = from ? from->attributes : default_stream_attributes();
  return cudaSuccess;
}
cudaError_t cudaCtxResetPersistingL2Cache(void) { return cudaSuccess; }
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void*, size_t, unsigned int) {
  return valid_stream(stream) ? cudaSuccess : fail(cudaErrorInvalidResourceHandle);
}
// Work is complete when its call returns, so host callbacks run at once, in
// stream order, on the calling thread.
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void* user_data,
                                  unsigned int flags) {
  if (callback == nullptr || flags != 0) return fail(cudaErrorInvalidValue);
  if (!valid_stream(stream)) return fail(cudaErrorInvalidResourceHandle);
  callback(stream, sticky_error(), user_data);
  return cudaSuccess;
}
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t function, void* user_data) {
  if (function == nullptr) return fail(cudaErrorInvalidValue);
  if (!valid_stream(stream)) return fail(cudaErrorInvalidResourceHandle);
  function(user_data);
  return cudaSuccess;
}
// Stream capture (CUDA graphs) is refused at compile time; nothing is ever
// being captured.
cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus* status) {
  if (status == nullptr) return fail(cudaErrorInvalidValue);
  if (!valid_stream(stream)) return fail(cudaErrorInvalidResourceHandle);
  *status = cudaStreamCaptureStatusNone;
  return cudaSuccess;
}
cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode* mode) {
  if (mode == nullptr) return fail(cudaErrorInvalidValue);
  thread_local cudaStreamCaptureMode current = cudaStreamCaptureModeGlobal;
  std::swap(current, *mode);
  return cudaSuccess;
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
