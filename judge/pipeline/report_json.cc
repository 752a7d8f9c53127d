#include "judge/pipeline/report_json.h"

#include "judge/common/printable.h"

namespace judge {

using json = nlohmann::json;

json to_json(const JudgeReport& report) {
  auto case_json = [](const CaseReport& c) {
    json j = {{"case", c.name}, {"tier", tier_name(c.tier)}, {"pass", check_pass_name(c.pass)}, {"verdict", verdict_name(c.verdict)},
              {"flops", c.flops}, {"seconds", c.seconds}, {"call_seconds", c.call_seconds}, {"time_limit_s", c.time_limit_seconds}};
    if (!c.message.empty()) j["message"] = c.message;
    if (c.benchmarked) {
      // The ranked figure is median_ms: the same name in the events, the
      // result record and leaderboard.json.
      j["median_ms"] = c.timing.median_ms;
      j["mean_ms"] = c.timing.mean_ms;
      j["min_ms"] = c.timing.min_ms;
      j["max_ms"] = c.timing.max_ms;
      j["stddev_ms"] = c.timing.stddev_ms;
      j["rse"] = c.timing.rse;
      j["runs"] = c.timing.times_ms.size();
      j["samples_ms"] = c.timing.times_ms;
      j["gflops"] = c.timing.gflops;
      // How the figure was measured (measurement.h), so anyone can reproduce it.
      const CaseMeasurement& m = c.measurement;
      j["measurement"] = {{"calls_per_batch", m.calls_per_batch},
                          {"noise_bound_ms", m.noise_bound_ms},
                          {"overhead", {{"median_ms", m.overhead.median_ms}, {"min_ms", m.overhead.min_ms},
                                        {"max_ms", m.overhead.max_ms}}},
                          {"event_ms", m.event_ms},
                          {"input_seeds", m.input_seeds},
                          {"stop_reason", m.stop_reason},
                          {"case_seconds", m.case_seconds}};
    }
    return j;
  };
  json checks = json::array(), benchmarks = json::array();
  for (const CaseReport& c : report.checks) checks.push_back(case_json(c));
  for (const CaseReport& c : report.benchmarks) benchmarks.push_back(case_json(c));
  json j = {{"schema_version", kReportJsonSchemaVersion},
            {"problem", report.problem},
            {"dtype", report.dtype},
            {"solution", report.solution},
            {"solution_hash", report.solution_hash},
            {"backend", report.backend.name()},
            {"backend_reason", report.backend.reason},
            {"device", report.backend.device},
            {"arch", report.backend.arch},
            {"compiler", report.compiler_version},
            {"compile_command", report.compile_command},
            {"verdict", verdict_name(report.verdict)},
            {"exit_code", verdict_exit_code(report.verdict)},
            {"seed", report.seed},
            {"seed_source", report.seed_given ? "--seed" : "random"},
            {"output_fill", output_fill_name(report.output_fill)},
            {"checks", checks},
            {"benchmarks", benchmarks},
            {"timing", timing_kind_name(report.timing_kind)},
            {"time_limit", report.time_limit_rule},
            {"total_time_limit", report.total_time_limit_rule},
            {"total_time_limit_s", report.total_time_limit_seconds},
            {"sandbox", report.sandbox}};
  if (!report.shuffled_compile_command.empty()) j["shuffled_compile_command"] = report.shuffled_compile_command;
  if (!report.host_memory.empty()) j["host_memory"] = report.host_memory;
  if (!report.message.empty()) j["message"] = report.message;
  if (!report.benchmarks.empty()) {
    j["geomean_ms"] = report.geomean_ms;
    j["geomean_gflops"] = report.geomean_gflops;
  }
  // Messages, the solution's name and the runner's device properties may
  // carry a solution's bytes.
  return printable_json(j);
}

}  // namespace judge
