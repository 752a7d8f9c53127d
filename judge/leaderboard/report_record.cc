#include "judge/leaderboard/report_record.h"

#include <cstdlib>
#include <fstream>

#include "judge/common/content_hash.h"
#include "judge/common/file_text.h"
#include "judge/common/printable.h"
#include "judge/pipeline/subprocess.h"
#include "judge/pipeline/verdict.h"

namespace judge {

namespace fs = std::filesystem;

namespace {

std::string json_string(const nlohmann::json& object, const char* key) {
  auto it = object.find(key);
  return it != object.end() && it->is_string() ? it->get<std::string>() : "";
}

double json_number(const nlohmann::json& object, const char* key) {
  auto it = object.find(key);
  return it != object.end() && it->is_number() ? it->get<double>() : 0;
}

// Records refuse strings over 4096 bytes; a compiler's message can be longer.
std::string capped(const std::string& text) { return text.size() <= 4000 ? text : text.substr(0, 4000) + "..."; }

std::string trimmed_output(const CommandResult& result) {
  std::string text = result.output;
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.pop_back();
  return text;
}

}  // namespace

Record record_from_report(const JudgeReport& report, const RecordContext& context) {
  Record record;
  record.problem = report.problem;
  if (!report.dtype.empty()) record.dtype = report.dtype;
  record.solution_path = context.solution_path;
  record.solution_hash = report.solution_hash;
  record.author = context.header.author;
  record.title = context.header.title;
  record.verdict = verdict_name(report.verdict);
  record.message = capped(printable(report.message));
  record.timing = timing_kind_name(report.timing_kind);
  const nlohmann::json& device = report.device_properties;
  if (device.is_object()) {
    record.device.name = json_string(device, "name");
    record.device.compute_capability = json_string(device, "compute_capability");
    record.device.sm_count = static_cast<int>(json_number(device, "sm_count"));
    record.device.clock_mhz = json_number(device, "clock_mhz");
    record.device.memory_clock_mhz = json_number(device, "memory_clock_mhz");
    record.device.memory_bus_width_bits = static_cast<int>(json_number(device, "memory_bus_width_bits"));
    record.device.memory_bytes = json_number(device, "memory_bytes");
    record.device.driver_version = json_string(device, "driver_version");
    record.device.runtime_version = json_string(device, "runtime_version");
  }
  if (report.timing_kind == TimingKind::CpuEmulated || record.device.name.empty()) {
    // The CPU backend's emulated "device" says nothing about real hardware:
    // the record names the backend and the CPU, not the emulated GPU.
    record.device = DeviceProperties{};
    record.device.name = report.backend.device;
  }
  record.device.cpu_model = context.cpu_model;
  record.judge_version = context.judge_version;
  record.seed = context.seed;
  record.output_fill = output_fill_name(report.output_fill);
  record.created = context.created;
  record.check_tier = context.check_tier;
  if (!report.benchmarks.empty()) record.bench_tier = context.bench_tier;
  for (const CaseReport& bench : report.benchmarks) {
    if (!bench.benchmarked) continue;
    const Timing& t = bench.timing;
    record.cases.push_back({bench.name, bench.flops, t.median_ms, t.mean_ms, t.min_ms, t.max_ms, t.rse,
                            static_cast<int>(t.times_ms.size()), t.gflops, bench.measurement.calls_per_batch,
                            bench.measurement.noise_bound_ms, bench.measurement.input_seeds});
  }
  if (record.cases.empty()) record.bench_tier.clear();
  record.geomean_ms = report.geomean_ms;
  record.geomean_gflops = report.geomean_gflops;
  return record;
}

std::string host_cpu_model() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) != 0) continue;
    const auto colon = line.find(':');
    if (colon == std::string::npos) break;
    const auto first = line.find_first_not_of(" \t", colon + 1);
    return first == std::string::npos ? "" : line.substr(first);
  }
  return "";
}

std::string judge_version() {
  if (const char* version = std::getenv("JUDGE_VERSION"); version && *version) return version;
  if (const char* workspace = std::getenv("BUILD_WORKSPACE_DIRECTORY"); workspace && *workspace) {
    const CommandResult head = run_command({"git", "-C", workspace, "rev-parse", "HEAD"}, 10);
    const std::string commit = trimmed_output(head);
    if (head.status.exited && head.status.code == 0 && commit.size() == 40) {
      const CommandResult status =
          run_command({"git", "-C", workspace, "status", "--porcelain", "--untracked-files=no"}, 10);
      const bool dirty = !status.status.exited || status.status.code != 0 || !trimmed_output(status).empty();
      return commit + (dirty ? "-dirty" : "");
    }
  }
  std::string bytes;
  try {
    bytes = read_file_text("/proc/self/exe");
  } catch (const FileReadError&) {
    // Still a version, of no binary in particular.
  }
  return "binary-" + content_hash(bytes);
}

std::string repository_path(const fs::path& solution, const std::string& display) {
  const fs::path absolute = fs::weakly_canonical(fs::absolute(solution));
  if (const char* workspace = std::getenv("BUILD_WORKSPACE_DIRECTORY"); workspace && *workspace) {
    const fs::path root = fs::weakly_canonical(workspace);
    const fs::path relative = absolute.lexically_relative(root);
    if (!relative.empty() && *relative.begin() != "..") return relative.generic_string();
  }
  std::vector<std::string> parts;
  for (const fs::path& part : absolute) parts.push_back(part.string());
  if (parts.size() >= 3 && parts[parts.size() - 3] == "solutions") {
    return "solutions/" + parts[parts.size() - 2] + "/" + parts.back();
  }
  return display;
}

}  // namespace judge
