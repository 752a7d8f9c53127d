// The judge <-> runner protocol. The runner is the child process that loads a
// compiled solution and calls it; the judge never runs solution code itself.
//
// Transport: the judge writes one JSON request per line to the runner's stdin;
// the runner answers each with one JSON line on the file descriptor passed as
// --reply-fd (stdout stays free for whatever the solution prints). Tensor data
// travels in raw files in a work directory the judge owns, so the runner never
// sees an expected output.
#pragma once

#include <string>

namespace runner_protocol {

// Requests (field "op").
inline constexpr const char* kOpLoad = "load";    // {"library": path}
// Of "load", CPU backend: the thread order's shuffle seed (absent: the
// natural order), fixed before the library is loaded, so that no runner's
// arguments, environment or folder tell one check pass from another.
inline constexpr const char* kThreadOrderSeed = "thread_order_seed";
inline constexpr const char* kOpRun = "run";      // one checked call, see Call
// A timed batch, {"calls": [params, ...], "empty": bool}: every call on
// its own input set; the reply's "event_ms" (one per call) is the runner's
// own measure, a diagnostic: the judge times the request itself (see
// runner.cc and judge/pipeline/measurement.h).
inline constexpr const char* kOpTime = "time";
inline constexpr const char* kOpExit = "exit";
// Answers "ok" with "device_properties". Sent before "load": the answer
// shows the runner is up and has confined itself, so its log's sandbox line
// is its own, and the device's properties are the runtime's, both from
// before any solution code could forge them.
inline constexpr const char* kOpPing = "ping";

// Every request carries an "id" the runner echoes in its reply: a line the
// solution writes to the reply pipe itself must guess it.

// Reply statuses (field "status").
inline constexpr const char* kStatusOk = "ok";
inline constexpr const char* kStatusCudaError = "cuda_error";  // + "error", "message", "where"
inline constexpr const char* kStatusLoadError = "load_error";    // + "message": dlopen/dlsym failed
// Solution code threw out of solution() (or out of a static constructor
// while loading): + "message". The solution's fault.
inline constexpr const char* kStatusSolutionError = "solution_error";
// A request the runner could not carry out (malformed, or a file it could
// not read or write): + "message". Before a solution is loaded only the
// judge can cause it; once solution code has run in the process (it can
// write to the runner's stdin, its memory and its exchange folder) the judge
// treats it, like everything else the runner says, as possibly the
// solution's doing.
inline constexpr const char* kStatusBadRequest = "bad_request";

// Name of the trampoline the judge compiles next to every solution:
// void judge_solution_entry(void* const* args), args[i] pointing at the i-th
// parameter's value (a device pointer for tensors, the scalar otherwise).
inline constexpr const char* kEntrySymbol = "judge_solution_entry";

// A "run" reply names, in this field (a "time" reply: one such list per
// call), the inputs whose device
// bytes after the call were still the upload file's, guard intact: the
// runner wrote no download file for them. That saves writing and reading
// every input back; it is no weaker than downloading them, since code in
// the runner's process could restore an input before any download anyway.
inline constexpr const char* kUnchangedInputs = "unchanged_inputs";

// Each device buffer is followed by this many guard bytes filled with
// kGuardByte, so a write past the end shows. Before every call each output
// is filled with its spec's "fill": 0 (zeros, Tensara's contract, which
// solutions that accumulate into the output rely on; the default) or 1
// (every byte kPoisonByte, a NaN pattern for floats, so an element the
// solution never wrote shows).
inline constexpr std::size_t kGuardBytes = 4096;
inline constexpr unsigned char kGuardByte = 0xA5;
inline constexpr unsigned char kPoisonByte = 0xFF;

}  // namespace runner_protocol
