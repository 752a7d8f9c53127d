// What the judging asks of a runner, the child process that holds the
// solution: its answers (RunnerOutcome), its confinement, and the interface
// judging.cc drives. RunnerSession (runner_session.h) is the real one;
// judging_test.cc scripts a fake to test the judging's decisions.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "judge/pipeline/call_data.h"
#include "judge/problem/signature.h"

namespace judge {

// How a request to the runner ended. Everything the runner returns is
// treated as hostile (solution code shares its process): a reply that is not
// the runner's answer, nested too deep, or a buffer file of the wrong size or
// kind, is Hostile, a RUNTIME_ERROR, never a judge fault, a crash or an
// out-of-bounds read. Once the load request is sent (the library's static
// constructors run in dlopen), anything the runner reports may be forged, so
// only a runner that never held solution code can report a JudgeBug; text
// the runner relays is quoted as the solution's process's, never the judge's.
struct RunnerOutcome {
  enum class Kind { Ok, CudaError, LoadError, SolutionFault, Crashed, TimedOut, Hostile, JudgeBug } kind = Kind::Ok;
  std::string message;  // for all but Ok
  nlohmann::json reply;
  double round_trip_ms = 0;  // the judge's own clock, from before the inputs were written
};

// How the runner process is confined (harness/sandbox).
struct RunnerConfinement {
  bool sandbox = true;                          // false only with --no-sandbox
  unsigned long long memory_bytes = 0;          // address-space limit; 0 = none
  unsigned long long thread_limit = 0;          // threads of the solution's process; 0 = none
  unsigned long long exchange_bytes = 0;        // what its exchange folder may hold; 0 = no cap
  std::vector<std::filesystem::path> readable;  // e.g. the folder of the library to load
  // CPU backend: the shuffle seed of the thread order the runner fixes
  // before it loads the solution (empty: the natural order). It travels
  // in the load request, never as an argument or in the environment.
  std::optional<uint64_t> thread_order_seed;
};

// One runner process. Every request, the writing of its inputs and the
// reading of its answer included, ends within its `timeout_seconds`; a
// runner that does not take it or does not answer is killed: TimedOut.
class Runner {
 public:
  virtual ~Runner() = default;

  // Waits for the runner to answer, before any solution code is loaded (see
  // harness/runner/protocol.h, kOpPing).
  virtual RunnerOutcome ping(double timeout_seconds) = 0;

  // From here on the process holds solution code (see RunnerOutcome).
  virtual RunnerOutcome load(const std::filesystem::path& library, double timeout_seconds) = 0;

  // One checked call; fills `downloads` (call_data.h) on success.
  virtual RunnerOutcome run(const Signature& signature, const CallData& call, double timeout_seconds,
                            Downloads& downloads) = 0;

  // A timed batch: one call on each of `calls`' inputs, in one request.
  // Fills `downloads`, one per call, on success; the outcome's
  // round_trip_ms is the judge's clock from before the first input file
  // is written until every call's outputs are read back (the ranked time
  // comes from it: measurement.h). reply["event_ms"], the runner's own
  // measure per call, is checked to be finite non-negative numbers and is
  // a diagnostic. `empty` skips the calls, to measure the request's own
  // overhead in a runner without a solution.
  virtual RunnerOutcome time(const Signature& signature, const std::vector<const CallData*>& calls,
                             double timeout_seconds, std::vector<Downloads>& downloads, bool empty = false) = 0;

  // The end of what the runner printed; its sandbox line says what is enforced.
  virtual std::string log_tail(std::size_t max_bytes) const = 0;
};

}  // namespace judge
