#include "judge/pipeline/events.h"

namespace judge {

namespace {

// Each event's JSON object but its status (EventStatus), keys and value
// types as Tensara's clients and earlier versions of this judge read them.
struct EventJson {
  nlohmann::json operator()(const CompilingEvent& event) const {
    nlohmann::json json = {{"backend", event.backend}, {"reason", event.reason}, {"compiler", event.compiler}};
    if (!event.host_memory.empty()) json["host_memory"] = event.host_memory;
    return json;
  }
  nlohmann::json operator()(const CheckingEvent& event) const {
    return {{"tier", tier_name(event.tier)},
            {"pass", check_pass_name(event.pass)},
            {"total_tests", event.total_tests},
            {"time_limit", event.time_limit_rule},
            {"total_time_limit", event.total_time_limit_rule},
            {"total_time_limit_s", event.total_time_limit_seconds}};
  }
  nlohmann::json operator()(const TestResultEvent& event) const {
    return {{"case", event.case_name},
            {"tier", tier_name(event.tier)},
            {"pass", check_pass_name(event.pass)},
            {"index", event.index},
            {"total_tests", event.total_tests},
            {"result", event.passed ? "PASSED" : "FAILED"},
            {"seconds", event.seconds},
            {"time_limit_s", event.time_limit_seconds}};
  }
  nlohmann::json operator()(const CheckedEvent& event) const {
    return {{"tier", tier_name(event.tier)},
            {"pass", check_pass_name(event.pass)},
            {"passed_tests", event.passed_tests},
            {"total_tests", event.total_tests}};
  }
  nlohmann::json operator()(const BenchmarkingEvent& event) const {
    return {{"tier", tier_name(event.tier)},
            {"timing", timing_kind_name(event.timing)},
            {"total_tests", event.total_tests}};
  }
  nlohmann::json operator()(const BenchmarkResultEvent& event) const {
    return {{"case", event.case_name},
            {"timing", timing_kind_name(event.timing)},
            {"runs", event.runs},
            {"median_ms", event.median_ms},
            {"mean_ms", event.mean_ms},
            {"min_ms", event.min_ms},
            {"max_ms", event.max_ms},
            {"stddev_ms", event.stddev_ms},
            {"gflops", event.gflops},
            {"calls_per_batch", event.calls_per_batch},
            {"noise_bound_ms", event.noise_bound_ms},
            {"event_median_ms", event.event_median_ms}};
  }
  nlohmann::json operator()(const BenchmarkedEvent& event) const {
    return {{"timing", timing_kind_name(event.timing)},
            {"avg_runtime_ms", event.avg_runtime_ms},
            {"avg_gflops", event.avg_gflops}};
  }
  nlohmann::json operator()(const VerdictEvent& event) const {
    nlohmann::json json = nlohmann::json::object();
    if (event.verdict != Verdict::Accepted) json["message"] = event.message;
    if (event.figures) {
      json["avg_runtime_ms"] = event.figures->avg_runtime_ms;
      json["avg_gflops"] = event.figures->avg_gflops;
      json["timing"] = timing_kind_name(event.figures->timing);
    }
    return json;
  }
};

struct EventStatus {
  std::string operator()(const CompilingEvent&) const { return "COMPILING"; }
  std::string operator()(const CheckingEvent&) const { return "CHECKING"; }
  std::string operator()(const TestResultEvent&) const { return "TEST_RESULT"; }
  std::string operator()(const CheckedEvent&) const { return "CHECKED"; }
  std::string operator()(const BenchmarkingEvent&) const { return "BENCHMARKING"; }
  std::string operator()(const BenchmarkResultEvent&) const { return "BENCHMARK_RESULT"; }
  std::string operator()(const BenchmarkedEvent&) const { return "BENCHMARKED"; }
  std::string operator()(const VerdictEvent& event) const { return verdict_name(event.verdict); }
};

}  // namespace

const char* timing_kind_name(TimingKind kind) {
  switch (kind) {
    case TimingKind::Gpu: return "gpu";
    case TimingKind::CpuEmulated: return "cpu-emulated";
  }
  return "cpu-emulated";
}

const char* check_pass_name(CheckPass pass) {
  switch (pass) {
    case CheckPass::Natural: return "natural";
    case CheckPass::Shuffled: return "shuffled";
  }
  return "natural";
}

std::string event_status(const JudgeEvent& event) { return std::visit(EventStatus{}, event); }

nlohmann::json to_json(const JudgeEvent& event) {
  nlohmann::json json = std::visit(EventJson{}, event);
  json["status"] = event_status(event);
  return json;
}

}  // namespace judge
