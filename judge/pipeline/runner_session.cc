#include "judge/pipeline/runner_session.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>

#include "harness/runner/protocol.h"

namespace judge {

namespace protocol = runner_protocol;
using json = nlohmann::json;

namespace {

void write_bytes(const std::filesystem::path& path, const std::vector<char>& data) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(data.data(), static_cast<std::streamsize>(data.size()));
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

std::vector<char> read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) throw std::runtime_error("the runner left no " + path.string());
  std::vector<char> data(static_cast<std::size_t>(in.tellg()));
  in.seekg(0);
  in.read(data.data(), static_cast<std::streamsize>(data.size()));
  return data;
}

// What the solution's process printed that explains its end: from the first
// fault report (the CPU backend's "cucpu: kernel ..." line or an
// AddressSanitizer error) to the report's summary, without ASan's shadow-byte
// dump; otherwise the last lines.
std::string diagnostic_excerpt(const std::string& log) {
  constexpr std::size_t kLimit = 4000;
  std::size_t start = std::min(log.find("cucpu: kernel"), log.find("ERROR: AddressSanitizer"));
  if (start == std::string::npos) {
    return log.size() > kLimit ? "[...]\n" + log.substr(log.size() - kLimit) : log;
  }
  start = log.rfind('\n', start) == std::string::npos ? 0 : log.rfind('\n', start) + 1;
  std::size_t end = log.find("SUMMARY: AddressSanitizer", start);
  end = end == std::string::npos ? log.size() : log.find('\n', end);
  std::string excerpt = log.substr(start, end == std::string::npos ? std::string::npos : end - start);
  return excerpt.size() > kLimit ? excerpt.substr(0, kLimit) + "\n[...]" : excerpt;
}

std::string tail_note(const std::string& log) {
  const std::string excerpt = diagnostic_excerpt(log);
  return excerpt.empty() ? "" : "\n--- the solution's process printed ---\n" + excerpt;
}

}  // namespace

RunnerSession::RunnerSession(const Backend& backend, const std::map<std::string, std::string>& extra_env,
                             const std::filesystem::path& work_dir, const std::string& name)
    : m_dir(work_dir / name) {
  std::filesystem::create_directories(m_dir);
  m_child = std::make_unique<ChildProcess>(
      std::vector<std::string>{backend.runner.string(), "--reply-fd", "3"}, extra_env, (m_dir / "runner.log").string());
}

RunnerSession::~RunnerSession() {
  if (m_child) {
    m_child->send_line(json{{"op", protocol::kOpExit}}.dump());
    m_child->finish(2.0);
  }
}

RunnerOutcome RunnerSession::request(const json& message, double timeout_seconds) {
  RunnerOutcome outcome;
  const bool sent = m_child->send_line(message.dump());
  std::optional<std::string> line = sent ? m_child->read_line(timeout_seconds) : std::nullopt;
  if (!line) {
    if (!sent) m_child->finish(1.0);
    const ExitStatus& status = m_child->status();
    if (status.timed_out) {
      outcome.kind = RunnerOutcome::Kind::TimedOut;
      outcome.message = "no answer within " + std::to_string(static_cast<int>(timeout_seconds)) +
                        " s; the solution's process was killed" + tail_note(m_child->output_tail(256 * 1024));
    } else {
      outcome.kind = RunnerOutcome::Kind::Crashed;
      outcome.message = "the solution's process " + status.describe() + tail_note(m_child->output_tail(256 * 1024));
    }
    return outcome;
  }
  try {
    outcome.reply = json::parse(*line);
  } catch (const json::exception& error) {
    outcome.kind = RunnerOutcome::Kind::JudgeBug;
    outcome.message = "unreadable runner reply '" + *line + "': " + error.what();
    return outcome;
  }
  const std::string status = outcome.reply.value("status", "");
  if (status == protocol::kStatusOk) return outcome;
  if (status == protocol::kStatusCudaError) {
    outcome.kind = RunnerOutcome::Kind::CudaError;
    outcome.message = outcome.reply.value("error", "") + " (" + outcome.reply.value("message", "") + ") in " +
                      outcome.reply.value("where", "") + tail_note(m_child->output_tail(256 * 1024));
  } else if (status == "load_error") {
    outcome.kind = RunnerOutcome::Kind::LoadError;
    outcome.message = outcome.reply.value("message", "");
  } else {
    outcome.kind = RunnerOutcome::Kind::JudgeBug;
    outcome.message = "runner: " + outcome.reply.value("message", *line);
  }
  return outcome;
}

RunnerOutcome RunnerSession::load(const std::filesystem::path& library, double timeout_seconds) {
  return request({{"op", protocol::kOpLoad}, {"library", library.string()}}, timeout_seconds);
}

json RunnerSession::call_arguments(const Signature& signature, const CallData& call, const std::string& tag) {
  json arguments = json::array();
  const ScalarArgs& args = call.test_case->args;
  for (const Parameter& parameter : signature.parameters) {
    if (parameter.pointer) {
      const int64_t count = element_count(call.shape(parameter.name));
      json tensor = {{"kind", "tensor"},
                     {"name", parameter.name},
                     {"bytes", count * static_cast<int64_t>(element_size(parameter.type))},
                     {"output", parameter.is_output_tensor()},
                     {"download", (m_dir / (tag + "_after_" + parameter.name + ".bin")).string()}};
      if (parameter.is_input_tensor()) {
        const std::filesystem::path upload = m_dir / (tag + "_in_" + parameter.name + ".bin");
        write_bytes(upload, call.tensors.inputs.at(parameter.name).device_bytes());
        tensor["upload"] = upload.string();
      }
      arguments.push_back(tensor);
    } else if (is_integer(parameter.type)) {
      arguments.push_back({{"kind", dtype_name(parameter.type)}, {"name", parameter.name},
                           {"value", args.integer(parameter.name)}});
    } else if (element_size(parameter.type) == 2) {  // float16, bfloat16: the value's bits
      arguments.push_back({{"kind", dtype_name(parameter.type)}, {"name", parameter.name},
                           {"value", half_bits(parameter.type, args.real(parameter.name))}});
    } else {
      arguments.push_back({{"kind", dtype_name(parameter.type)}, {"name", parameter.name},
                           {"value", args.real(parameter.name)}});
    }
  }
  return arguments;
}

Downloads RunnerSession::read_downloads(const Signature& signature, const std::string& tag) {
  Downloads downloads;
  for (const Parameter* parameter : signature.input_tensors()) {
    downloads[parameter->name] = read_bytes(m_dir / (tag + "_after_" + parameter->name + ".bin"));
    std::filesystem::remove(m_dir / (tag + "_in_" + parameter->name + ".bin"));
  }
  for (const Parameter* parameter : signature.output_tensors()) {
    downloads[parameter->name] = read_bytes(m_dir / (tag + "_after_" + parameter->name + ".bin"));
  }
  for (const auto& [name, bytes] : downloads) std::filesystem::remove(m_dir / (tag + "_after_" + name + ".bin"));
  return downloads;
}

RunnerOutcome RunnerSession::run(const Signature& signature, const CallData& call, double timeout_seconds,
                                 Downloads& downloads) {
  const std::string tag = "call";
  RunnerOutcome outcome =
      request({{"op", protocol::kOpRun}, {"params", call_arguments(signature, call, tag)}}, timeout_seconds);
  if (outcome.kind == RunnerOutcome::Kind::Ok) downloads = read_downloads(signature, tag);
  return outcome;
}

RunnerOutcome RunnerSession::bench(const Signature& signature, const std::vector<const CallData*>& calls,
                                   const BenchSettings& settings, double timeout_seconds,
                                   std::vector<Downloads>& downloads, std::vector<double>& times_ms) {
  json sets = json::array();
  for (std::size_t i = 0; i < calls.size(); ++i) sets.push_back(call_arguments(signature, *calls[i], "set" + std::to_string(i)));
  json message = {{"op", protocol::kOpBench},
                  {"sets", sets},
                  {"warmup", settings.warmup},
                  {"rule",
                   {{"min_runs", settings.min_runs},
                    {"max_runs", settings.max_runs},
                    {"target_rse", settings.target_rse},
                    {"budget_seconds", settings.budget_seconds}}}};
  RunnerOutcome outcome = request(message, timeout_seconds);
  if (outcome.kind != RunnerOutcome::Kind::Ok) return outcome;
  times_ms = outcome.reply.at("times_ms").get<std::vector<double>>();
  downloads.clear();
  for (std::size_t i = 0; i < calls.size(); ++i) {
    downloads.push_back(read_downloads(signature, "set" + std::to_string(i)));
  }
  return outcome;
}

}  // namespace judge
