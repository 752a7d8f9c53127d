// The judge's side of the runner protocol (harness/runner/protocol.h): a
// runner child process per session, one JSON request per line, with a time
// limit on every answer. It moves call data in and buffers out; it decides
// nothing about correctness (see output_check.h).
#pragma once

#include <chrono>
#include <filesystem>
#include <random>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "judge/pipeline/backend.h"
#include "judge/pipeline/call_data.h"
#include "judge/pipeline/runner.h"
#include "judge/pipeline/subprocess.h"
#include "judge/problem/signature.h"

namespace judge {

// The real runner: harness/runner's binary for the backend, confined.
class RunnerSession : public Runner {
 public:
  // Starts the backend's runner with `extra_env` in a scrubbed
  // environment, confined. Its exchange folder is work_dir/runner-<random>
  // (work_dir/runners.txt names each one's `name`), its output goes to
  // runner.log there; the folder is emptied but for that log's tail when
  // the runner ends.
  RunnerSession(const Backend& backend, const std::map<std::string, std::string>& extra_env,
                const std::filesystem::path& work_dir, const std::string& name,
                const RunnerConfinement& confinement);
  ~RunnerSession() override;

  RunnerOutcome ping(double timeout_seconds) override;
  RunnerOutcome load(const std::filesystem::path& library, double timeout_seconds) override;
  bool holds_solution_code() const { return m_holds_solution_code; }
  RunnerOutcome run(const Signature& signature, const CallData& call, double timeout_seconds,
                    Downloads& downloads) override;
  RunnerOutcome time(const Signature& signature, const std::vector<const CallData*>& calls,
                     double timeout_seconds, std::vector<Downloads>& downloads, bool empty = false) override;
  std::string log_tail(std::size_t max_bytes) const override { return m_child->output_tail(max_bytes); }

 private:
  nlohmann::json call_arguments(const Signature& signature, const CallData& call, const std::string& tag);
  Downloads read_downloads(const Signature& signature, const CallData& call, const std::string& tag,
                           const nlohmann::json& reply);
  RunnerOutcome request(nlohmann::json message, double timeout_seconds,
                        std::chrono::steady_clock::time_point start);
  RunnerOutcome exchange(const std::string& op, const Signature& signature, const CallData& call,
                         double timeout_seconds, Downloads& downloads, nlohmann::json extra);
  // The "time" request's exchange: every call's inputs written, then the
  // request, then every call's outputs read; the round trip spans it all.
  RunnerOutcome exchange_batch(const Signature& signature, const std::vector<const CallData*>& calls,
                               double timeout_seconds, std::vector<Downloads>& downloads, bool empty);

  // The runner log's tail kept when its folder goes (see the destructor).
  static constexpr std::size_t kKeptLogBytes = std::size_t{1} << 20;

  std::filesystem::path m_dir;
  std::unique_ptr<ChildProcess> m_child;
  std::mt19937_64 m_ids;
  std::optional<uint64_t> m_thread_order_seed;
  bool m_holds_solution_code = false;
  double m_request_bytes = 0;  // what the current call moves (its tensors), for the full-disk note
};

}  // namespace judge
