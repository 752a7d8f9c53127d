#include "judge/pipeline/runner_session.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <set>
#include <stdexcept>

#include "harness/runner/protocol.h"
#include "harness/sandbox/isolation.h"
#include "harness/sandbox/seccomp_filter.h"
#include "judge/common/printable.h"
#include "judge/common/work_dir.h"
#include "judge/pipeline/bounded_json.h"

namespace judge {

namespace protocol = runner_protocol;
using json = nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

// Files in the exchange folder, which the runner (solution code) may write
// too: a file it put in the judge's way, a symbolic link or a FIFO (which
// would block an open), is an error naming the file, never followed or
// waited on.
struct HostileOutput : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The slice of a tensor written at a time: a large input is never held
// twice (as elements and as device bytes) by the judge.
constexpr std::size_t kSliceBytes = std::size_t{64} << 20;

// The request's input file, created afresh (whatever was at the path is
// removed first), holding `tensor` as the device holds it.
void write_tensor(const std::filesystem::path& path, const TensorBuffer& tensor) {
  std::error_code ignored;
  std::filesystem::remove(path, ignored);
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
  if (fd < 0) throw HostileOutput("cannot create " + path.string() + ": " + std::strerror(errno));
  tensor.for_each_device_slice(kSliceBytes, [&](int64_t, const char* bytes, std::size_t count) {
    std::size_t written = 0;
    while (written < count) {
      const ssize_t n = write(fd, bytes + written, count - written);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        const std::string error = n < 0 ? std::strerror(errno) : "no progress";
        close(fd);
        throw HostileOutput("cannot write " + path.string() + ": " + error);
      }
      written += static_cast<std::size_t>(n);
    }
    return true;
  });
  if (close(fd) != 0) throw HostileOutput("cannot write " + path.string() + ": " + std::strerror(errno));
}

// Reads a buffer the runner wrote: exactly `expected` bytes of a regular
// file, or a Hostile error naming the file. Reads at most one byte more,
// whatever the file holds.
std::vector<char> read_exact(const std::filesystem::path& path, std::size_t expected) {
  const std::string name = path.filename().string();
  const int fd = open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    throw HostileOutput(errno == ENOENT ? "the solution's process left no " + name
                                        : name + " cannot be opened (" + std::strerror(errno) +
                                              "): the file was tampered with");
  }
  struct stat info {};
  if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
    close(fd);
    throw HostileOutput(name + " is not a regular file: the file was tampered with");
  }
  std::vector<char> data(expected + 1);
  std::size_t got = 0;
  while (got < data.size()) {
    const ssize_t n = read(fd, data.data() + got, data.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  close(fd);
  if (got != expected) {
    throw HostileOutput(name + " holds " + (got > expected ? "more than " : "") + std::to_string(got) +
                        " bytes, not the " + std::to_string(expected) +
                        " the buffer and its guard take (the file was tampered with)");
  }
  data.pop_back();
  return data;
}

// What the runner relays from the solution's process: quoted as its words,
// no longer than a report needs, one line inline and escaped, several lines
// each behind "| " (judge::relayed), so no line of it reads as the judge's.
std::string said_by_solution(const std::string& text) {
  constexpr std::size_t kLimit = 2000;
  const std::string quoted = text.size() > kLimit ? text.substr(0, kLimit) + " [...]" : text;
  const std::size_t newline = quoted.find('\n');
  if (newline == std::string::npos || newline + 1 == quoted.size()) {
    return "the solution's process said: " + printable_line(quoted.substr(0, newline));
  }
  return "the solution's process said:\n" + relayed(quoted);
}

// Replies are flat objects (device_properties is the deepest, at 2).
constexpr std::size_t kMaxReplyDepth = 8;

// What the solution's process printed that explains its end: from the first
// fault report (the CPU backend's "cucpu: kernel ..." line or an
// AddressSanitizer error) to the report's summary, without ASan's shadow-byte
// dump; otherwise the last lines.
std::string diagnostic_excerpt(const std::string& log) {
  constexpr std::size_t kLimit = 4000;
  std::size_t start = std::min(log.find("cucpu: kernel"), log.find("ERROR: AddressSanitizer"));
  if (const std::size_t sandbox = log.find("\nsandbox: the solution "); sandbox != std::string::npos) {
    const std::size_t end = log.find('\n', sandbox + 1);
    return log.substr(sandbox + 1, end == std::string::npos ? std::string::npos : end - sandbox - 1);
  }
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
  // Quoted line by line ("| "), so nothing it printed reads as the judge's.
  return excerpt.empty() ? "" : "\n--- the solution's process printed ---\n" + said_by_solution(excerpt);
}

// The system calls the runner's sandbox refused before a CUDA error (the
// runner's word, like the rest of its reply): the driver itself says only
// "OS call failed".
std::string refused_calls_note(const json& reply) {
  const json& refused = reply.contains("sandbox_refused") ? reply["sandbox_refused"] : json();
  if (!refused.is_array() || refused.empty()) return "";
  std::string names;
  for (const json& name : refused) {
    if (!name.is_string() || names.size() > 500) continue;
    names += (names.empty() ? "" : ", ") + printable_line(name.get<std::string>()) + "()";
  }
  return "\n(the sandbox refused these system calls, outside its allowlist: " + names + ")";
}

// "12.0 KiB", "47.9 MiB".
std::string size_text(double bytes) {
  char text[32];
  if (bytes < (1 << 20)) {
    std::snprintf(text, sizeof text, "%.1f KiB", bytes / 1024);
  } else {
    std::snprintf(text, sizeof text, "%.1f MiB", bytes / (1 << 20));
  }
  return text;
}

// Whether the file system of the exchange folder `folder` is full: less
// room left than `needed_bytes` (what the request moves) and a mebibyte.
// Then the words that say so and how much the folder itself holds, the
// only place on it the runner may write; else "".
std::string full_disk_note(const std::filesystem::path& folder, double needed_bytes) {
  struct statvfs info {};
  if (statvfs(folder.c_str(), &info) != 0) return "";
  const double free_bytes = static_cast<double>(info.f_bavail) * static_cast<double>(info.f_frsize);
  if (free_bytes >= needed_bytes + (1 << 20)) return "";
  const int fd = open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  const sandbox::FolderUsage usage = fd >= 0 ? sandbox::folder_usage({fd}) : sandbox::FolderUsage{};
  if (fd >= 0) close(fd);
  return "the file system holding the exchange folder is full (" + size_text(free_bytes) +
         " free; the request moves " + size_text(needed_bytes) + "), and the exchange folder holds " +
         size_text(static_cast<double>(usage.bytes)) + " in " + std::to_string(usage.files) + " entries";
}

}  // namespace

// A full disk under a runner that held solution code: the solution's.
static std::string filled_by_solution(const std::string& full_disk_note) {
  return "the solution filled the disk: " + full_disk_note +
         " (the judge had room before any solution code ran, and the solution's process writes nowhere else)";
}

// How the runner's ending reads: the sandbox's forbidden calls by name.
static std::string describe_ending(const ExitStatus& status) {
  if (status.exited && status.code == sandbox::kForbiddenCallExitStatus) {
    return "was stopped by the sandbox";
  }
  if (!status.exited && !status.timed_out && status.code == SIGSYS) {
    return "was stopped by the sandbox: it made a forbidden system call (one that starts a process, reaches "
           "another process or changes namespaces) with signals blocked, e.g. inside system() or posix_spawn()";
  }
  return status.describe();
}

namespace {

// The runner's exchange folder: a random name, so that nothing the solution
// can see (its folder's name in its arguments, TMPDIR, /proc/self/cmdline)
// tells one runner's job from another's. `<work_dir>/runners.txt`, which no
// runner can read, says which folder was which (for --keep-work).
std::filesystem::path exchange_folder(const std::filesystem::path& work_dir, const std::string& role,
                                      std::mt19937_64& random) {
  char name[32];
  std::snprintf(name, sizeof name, "runner-%016llx", static_cast<unsigned long long>(random()));
  std::ofstream(work_dir / "runners.txt", std::ios::app) << role << " " << name << "\n";
  return work_dir / name;
}

}  // namespace

RunnerSession::RunnerSession(const Backend& backend, const std::map<std::string, std::string>& extra_env,
                             const std::filesystem::path& work_dir, const std::string& name,
                             const RunnerConfinement& confinement)
    : m_ids(std::random_device{}()), m_thread_order_seed(confinement.thread_order_seed) {
  m_dir = exchange_folder(work_dir, name, m_ids);
  std::filesystem::create_directories(m_dir);
  std::vector<std::string> argv = {backend.runner.string(), "--reply-fd", "3", "--write", m_dir.string()};
  for (const std::filesystem::path& path : confinement.readable) {
    argv.push_back("--read");
    argv.push_back(path.string());
  }
  if (confinement.memory_bytes) {
    argv.push_back("--memory-limit");
    argv.push_back(std::to_string(confinement.memory_bytes));
  }
  if (confinement.thread_limit) {
    argv.push_back("--thread-limit");
    argv.push_back(std::to_string(confinement.thread_limit));
  }
  if (confinement.exchange_bytes) {
    argv.push_back("--exchange-limit");
    argv.push_back(std::to_string(confinement.exchange_bytes));
  }
  if (!confinement.sandbox) argv.push_back("--no-sandbox");
  std::map<std::string, std::string> env = extra_env;
  env.emplace("TMPDIR", m_dir.string());
  env.emplace("HOME", m_dir.string());
  // The runner raises its own file-size limit to the exchange allowance
  // (no file of a call is larger); it cannot raise it past what it is given.
  constexpr unsigned long long kRunnerFileBytes = 8ULL << 30;
  m_child = std::make_unique<ChildProcess>(argv, env, (m_dir / "runner.log").string(),
                                           std::max(kRunnerFileBytes, confinement.exchange_bytes));
}

RunnerSession::~RunnerSession() {
  if (!m_child) return;
  m_child->send_line(json{{"op", protocol::kOpExit}}.dump(), 1.0);
  m_child->finish(2.0);
  // The folder goes as the runner ends, not with the judging: what the
  // solution wrote there must not fill the disk under the judge's next
  // runner. The log's tail (read through the judge's own descriptor,
  // whatever the solution put at its path) is written back for --keep-work.
  const std::string log = m_child->output_tail(kKeptLogBytes);
  m_child.reset();
  // What cannot be removed stays, and the judge's removal of its work
  // folder at the end says so.
  if (!remove_tree(m_dir).empty()) return;
  std::filesystem::create_directory(m_dir);
  const int fd = open((m_dir / "runner.log").c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) return;
  (void)!write(fd, log.data(), log.size());
  close(fd);
}

RunnerOutcome RunnerSession::request(json message, double timeout_seconds, Clock::time_point start) {
  RunnerOutcome outcome;
  char id[17];
  std::snprintf(id, sizeof id, "%016llx", static_cast<unsigned long long>(m_ids()));
  message["id"] = id;
  // One deadline for writing the request and reading its answer.
  auto seconds_left = [&] {
    return timeout_seconds - std::chrono::duration<double>(Clock::now() - start).count();
  };
  const bool sent = m_child->send_line(message.dump(), seconds_left());
  std::optional<std::string> line = sent ? m_child->read_line(seconds_left()) : std::nullopt;
  outcome.round_trip_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  const std::string limit_text = std::to_string(static_cast<int>(std::ceil(timeout_seconds))) + " s";
  if (!line) {
    if (!sent) m_child->finish(1.0);
    const ExitStatus& status = m_child->status();
    const std::string log = m_child->output_tail(256 * 1024);
    if (status.timed_out && m_child->input_stalled()) {
      outcome.kind = RunnerOutcome::Kind::TimedOut;
      outcome.message = "the solution's process did not take the judge's request within " + limit_text +
                        " (its input pipe stayed full: solution code filled it or stopped the runner reading); "
                        "it was killed" + tail_note(log);
    } else if (status.timed_out) {
      outcome.kind = RunnerOutcome::Kind::TimedOut;
      outcome.message = "no answer within " + limit_text + "; the solution's process was killed" + tail_note(log);
    } else if (m_child->reply_overflowed()) {
      outcome.kind = RunnerOutcome::Kind::Hostile;
      outcome.message = "the solution's process wrote a reply longer than the protocol allows; it was killed";
    } else {
      outcome.kind = RunnerOutcome::Kind::Crashed;
      outcome.message = "the solution's process " + describe_ending(status) + tail_note(log);
    }
    return outcome;
  }
  auto hostile = [&](const std::string& what) {
    m_child->finish(0.0);  // nothing more it says can be trusted
    RunnerOutcome refused;
    refused.round_trip_ms = outcome.round_trip_ms;
    refused.kind = RunnerOutcome::Kind::Hostile;
    refused.message = "the reply pipe carried " + what +
                      ": solution code wrote to the judge's protocol channel; the process was killed";
    return refused;
  };
  std::string parse_error;
  std::optional<json> parsed = parse_json_bounded(*line, kMaxReplyDepth, parse_error);
  if (!parsed) return hostile(parse_error);
  if (!parsed->is_object() || !parsed->contains("status") || !(*parsed)["status"].is_string()) {
    return hostile("a JSON value that is not a reply");
  }
  if (parsed->value("id", json()) != json(id)) return hostile("a reply to no request the judge sent");
  outcome.reply = std::move(*parsed);
  auto text = [&](const char* key) {
    const json& value = outcome.reply.contains(key) ? outcome.reply[key] : json();
    return value.is_string() ? value.get<std::string>() : std::string();
  };
  const std::string status = text("status");
  if (status == protocol::kStatusOk) return outcome;
  if (status == protocol::kStatusCudaError) {
    outcome.kind = RunnerOutcome::Kind::CudaError;
    outcome.message = said_by_solution("CUDA error " + text("error") + " (" + text("message") + ") in " + text("where")) +
                      refused_calls_note(outcome.reply) + tail_note(m_child->output_tail(256 * 1024));
  } else if (status == protocol::kStatusLoadError) {
    outcome.kind = RunnerOutcome::Kind::LoadError;
    outcome.message = said_by_solution(text("message"));
  } else if (status == protocol::kStatusSolutionError) {
    outcome.kind = RunnerOutcome::Kind::SolutionFault;
    outcome.message = said_by_solution(text("message")) + tail_note(m_child->output_tail(256 * 1024));
  } else if (m_holds_solution_code) {
    // The judge's requests are well-formed (a runner without solution code
    // gets the same ones); after solution code ran, a "bad request" is the
    // solution's doing (it can write to the runner's input, memory and
    // exchange folder), and so is a status the protocol does not have.
    m_child->finish(0.0);
    outcome.kind = RunnerOutcome::Kind::Hostile;
    outcome.message = "the runner could not carry out the judge's request after solution code had run in its "
                      "process (solution code can write to the runner's input, memory and files); " +
                      said_by_solution("'" + status + "': " + text("message"));
    if (const std::string full = full_disk_note(m_dir, m_request_bytes); !full.empty()) {
      outcome.message = filled_by_solution(full) + "; " + outcome.message;
    }
  } else {
    outcome.kind = RunnerOutcome::Kind::JudgeBug;
    outcome.message = "runner (no solution loaded): " + text("message");
  }
  return outcome;
}

RunnerOutcome RunnerSession::ping(double timeout_seconds) {
  return request({{"op", protocol::kOpPing}}, timeout_seconds, Clock::now());
}

RunnerOutcome RunnerSession::load(const std::filesystem::path& library, double timeout_seconds) {
  m_holds_solution_code = true;  // static constructors run inside dlopen
  json message = {{"op", protocol::kOpLoad}, {"library", library.string()}};
  if (m_thread_order_seed) message[protocol::kThreadOrderSeed] = *m_thread_order_seed;
  return request(message, timeout_seconds, Clock::now());
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
                     {"fill", call.output_fill == OutputFill::Poison ? 1 : 0},
                     {"download", (m_dir / (tag + "_after_" + parameter.name + ".bin")).string()}};
      if (parameter.is_input_tensor()) {
        const std::filesystem::path upload = m_dir / (tag + "_in_" + parameter.name + ".bin");
        write_tensor(upload, call.tensors.inputs.at(parameter.name));
        tensor["upload"] = upload.string();
      }
      arguments.push_back(tensor);
    } else {
      // The scalar's own bytes: the runner copies them and knows no dtype.
      const uint64_t bits = is_integer(parameter.type) ? device_bits(parameter.type, args.integer(parameter.name), 0)
                                                       : device_bits(parameter.type, 0, args.real(parameter.name));
      arguments.push_back({{"kind", "scalar"}, {"name", parameter.name},
                           {"bytes", element_size(parameter.type)}, {"bits", bits}});
    }
  }
  return arguments;
}

Downloads RunnerSession::read_downloads(const Signature& signature, const CallData& call, const std::string& tag,
                                        const json& reply) {
  // Inputs the runner found as uploaded have no file (protocol.h).
  std::set<std::string> unchanged;
  if (reply.contains(protocol::kUnchangedInputs) && reply[protocol::kUnchangedInputs].is_array()) {
    for (const json& name : reply[protocol::kUnchangedInputs]) {
      if (name.is_string()) unchanged.insert(name.get<std::string>());
    }
  }
  Downloads downloads;
  std::vector<const Parameter*> tensors;
  for (const Parameter* parameter : signature.input_tensors()) {
    if (!unchanged.count(parameter->name)) tensors.push_back(parameter);
  }
  for (const Parameter* parameter : signature.output_tensors()) tensors.push_back(parameter);
  for (const Parameter* parameter : tensors) {
    const std::size_t bytes = static_cast<std::size_t>(element_count(call.shape(parameter->name))) * element_size(parameter->type);
    const std::filesystem::path path = m_dir / (tag + "_after_" + parameter->name + ".bin");
    downloads[parameter->name] = read_exact(path, bytes + protocol::kGuardBytes);
  }
  return downloads;
}

RunnerOutcome RunnerSession::exchange(const std::string& op, const Signature& signature, const CallData& call,
                                      double timeout_seconds, Downloads& downloads, json extra) {
  const std::string tag = "call";
  m_request_bytes = 0;
  for (const Parameter& parameter : signature.parameters) {
    if (parameter.pointer) {
      m_request_bytes += static_cast<double>(element_count(call.shape(parameter.name))) * element_size(parameter.type);
    }
  }
  const Clock::time_point start = Clock::now();  // before the inputs exist anywhere the solution could see
  json message;
  try {
    message = {{"op", op}, {"params", call_arguments(signature, call, tag)}};
  } catch (const HostileOutput& error) {
    // The exchange folder is the runner's to write as well: once it held
    // solution code, a file in the judge's way, or a disk it filled, is
    // the solution's doing. Before that, a full disk is the judge's
    // (ERROR), and the message says the disk was full.
    const std::string full = full_disk_note(m_dir, m_request_bytes);
    if (!m_holds_solution_code) {
      throw std::runtime_error(full.empty() ? std::string(error.what())
                                            : full + " while no solution code had run in this runner: " + error.what());
    }
    m_child->finish(0.0);
    RunnerOutcome outcome;
    outcome.kind = RunnerOutcome::Kind::Hostile;
    outcome.message = full.empty() ? std::string("the judge could not write the request's inputs into the exchange "
                                                 "folder, which the solution's process can write too: ") + error.what()
                                   : filled_by_solution(full) + ": " + error.what();
    return outcome;
  }
  message.update(extra);
  RunnerOutcome outcome = request(message, timeout_seconds, start);
  if (outcome.kind == RunnerOutcome::Kind::Ok) {
    try {
      downloads = read_downloads(signature, call, tag, outcome.reply);
    } catch (const HostileOutput& error) {
      m_child->finish(0.0);
      outcome.kind = RunnerOutcome::Kind::Hostile;
      outcome.message = error.what();
    }
  }
  std::error_code ignored;
  for (const auto& entry : std::filesystem::directory_iterator(m_dir, ignored)) {
    if (entry.path().filename().string().rfind(tag + "_", 0) == 0) std::filesystem::remove(entry.path(), ignored);
  }
  return outcome;
}

RunnerOutcome RunnerSession::run(const Signature& signature, const CallData& call, double timeout_seconds,
                                 Downloads& downloads) {
  return exchange(protocol::kOpRun, signature, call, timeout_seconds, downloads, json::object());
}

RunnerOutcome RunnerSession::exchange_batch(const Signature& signature, const std::vector<const CallData*>& calls,
                                            double timeout_seconds, std::vector<Downloads>& downloads, bool empty) {
  const Clock::time_point start = Clock::now();  // before any input exists anywhere the solution could see
  auto tag_of = [](std::size_t index) { return "call" + std::to_string(index); };
  json message = {{"op", protocol::kOpTime}, {"empty", empty}, {"calls", json::array()}};
  RunnerOutcome outcome;
  try {
    for (std::size_t index = 0; index < calls.size(); ++index) {
      message["calls"].push_back(call_arguments(signature, *calls[index], tag_of(index)));
    }
  } catch (const HostileOutput& error) {
    if (!m_holds_solution_code) throw std::runtime_error(error.what());
    m_child->finish(0.0);
    outcome.kind = RunnerOutcome::Kind::Hostile;
    outcome.message = std::string("the judge could not write the request's inputs into the exchange folder, which "
                                  "the solution's process can write too: ") + error.what();
    return outcome;
  }
  outcome = request(message, timeout_seconds, start);
  if (outcome.kind == RunnerOutcome::Kind::Ok) {
    const json& unchanged = outcome.reply.contains(protocol::kUnchangedInputs)
                                ? outcome.reply[protocol::kUnchangedInputs] : json();
    const json& event_ms = outcome.reply.contains("event_ms") ? outcome.reply["event_ms"] : json();
    auto valid_time = [](const json& ms) { return ms.is_number() && std::isfinite(ms.get<double>()) && ms.get<double>() >= 0; };
    const bool well_formed = unchanged.is_array() && unchanged.size() == calls.size() && event_ms.is_array() &&
                             event_ms.size() == calls.size() && std::all_of(event_ms.begin(), event_ms.end(), valid_time);
    try {
      if (!well_formed) {
        const std::string shown = outcome.reply.dump();
        throw HostileOutput("the timed batch's reply does not hold one valid time and one list of unchanged inputs "
                            "per call ('" + shown.substr(0, 80) + (shown.size() > 80 ? "...'" : "'") +
                            "): the reply was tampered with");
      }
      downloads.clear();
      for (std::size_t index = 0; index < calls.size(); ++index) {
        downloads.push_back(read_downloads(signature, *calls[index], tag_of(index),
                                           json{{protocol::kUnchangedInputs, unchanged[index]}}));
      }
      // The clock stops once the judge holds every output it verifies.
      outcome.round_trip_ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    } catch (const HostileOutput& error) {
      m_child->finish(0.0);
      outcome.kind = RunnerOutcome::Kind::Hostile;
      outcome.message = error.what();
    }
  }
  std::error_code ignored;
  for (const auto& entry : std::filesystem::directory_iterator(m_dir, ignored)) {
    if (entry.path().filename().string().rfind("call", 0) == 0) std::filesystem::remove(entry.path(), ignored);
  }
  return outcome;
}

RunnerOutcome RunnerSession::time(const Signature& signature, const std::vector<const CallData*>& calls,
                                  double timeout_seconds, std::vector<Downloads>& downloads, bool empty) {
  return exchange_batch(signature, calls, timeout_seconds, downloads, empty);
}

}  // namespace judge
