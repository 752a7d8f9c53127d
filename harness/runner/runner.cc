// The runner: the child process in which a solution runs. It loads the
// compiled solution, puts the judge's inputs on the device, calls the solution
// and hands every buffer back, or times repeated calls. It is written once
// against the CUDA runtime API and linked either with the real runtime (GPU)
// or with the CPU backend's, so CI exercises the code a GPU would run.
//
// It never holds an expected output and decides no verdict: a crash, a hang or
// a CUDA error here is observed by the judge from outside (see protocol.h).
#include <cuda_runtime.h>
#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/runner/protocol.h"
#include "harness/sandbox/isolation.h"
#include "harness/sandbox/privileges.h"
#include "harness/sandbox/sandbox.h"
#include "harness/sandbox/seccomp_filter.h"

#ifndef JUDGE_RUNNER_GPU
#include "harness/cpu/runtime/thread_order.h"
#endif

namespace {

namespace protocol = runner_protocol;
using json = nlohmann::json;
using EntryFunction = void (*)(void* const*);

// A CUDA call that failed: the reply names the call and the error.
struct CudaFailure : std::runtime_error {
  CudaFailure(cudaError_t code, const std::string& where)
      : std::runtime_error(cudaGetErrorString(code)), code(code), where(where) {}
  cudaError_t code;
  std::string where;
};

// A malformed request: a judge bug, reported as such.
struct BadRequest : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Something solution code threw: the solution's fault, never a bad request.
struct SolutionThrew : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Runs solution code (solution() through the entry point, the library's
// static constructors in dlopen, its kernels until the device is idle) and
// turns whatever it throws into SolutionThrew, including exceptions that
// are not std::exception. A CUDA error stays one.
template <class Code>
void run_solution_code(const char* what, Code code) {
  try {
    code();
  } catch (const CudaFailure&) {
    throw;
  } catch (const std::exception& error) {
    throw SolutionThrew(std::string(what) + " threw an exception: " + error.what());
  } catch (...) {
    throw SolutionThrew(std::string(what) + " threw an exception that is not a std::exception");
  }
}

void check(cudaError_t code, const char* where) {
  if (code != cudaSuccess) throw CudaFailure(code, where);
}

// Tensors travel through the exchange files in slices of this size, so the
// runner never holds a host copy of a whole tensor beside its device buffer
// (a case's tensors can be most of the host's memory).
constexpr std::size_t kStagingBytes = std::size_t{64} << 20;

// The host buffers tensors are staged in, kept for the process (two: a
// file's slice and the device's, to compare them). A buffer allocated per
// tensor and request is mapped, faulted in and zeroed afresh every time:
// on a busy 2-core machine that was about 40% of an empty request's time
// in the runner for a case of 96 MiB, added to every timed request's
// overhead and so to its noise, for nothing.
enum class Staging { File = 0, Device = 1 };
char* staging_buffer(Staging which, std::size_t bytes) {
  static std::vector<char> buffers[2];
  std::vector<char>& buffer = buffers[static_cast<int>(which)];
  if (buffer.size() < bytes) buffer.resize(bytes);
  return buffer.data();
}

// Reads the first `bytes` of the file at `path` a slice at a time, handing
// each to `visit(data, offset, size)`; stops, returning false, at the first
// slice `visit` returns false for.
template <typename Visit>
bool read_file_slices(const std::string& path, std::size_t bytes, Visit visit) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw BadRequest("cannot read " + path);
  const std::size_t staging_bytes = std::min(bytes, kStagingBytes);
  char* staging = staging_buffer(Staging::File, staging_bytes);
  for (std::size_t done = 0; done < bytes;) {
    const std::size_t slice = std::min(staging_bytes, bytes - done);
    in.read(staging, static_cast<std::streamsize>(slice));
    if (static_cast<std::size_t>(in.gcount()) != slice) throw BadRequest(path + " is shorter than announced");
    if (!visit(staging, done, slice)) return false;
    done += slice;
  }
  return true;
}

// Fills `bytes` of device memory at `device` from the file at `path`.
void upload_file(const std::string& path, void* device, std::size_t bytes) {
  read_file_slices(path, bytes, [&](const char* data, std::size_t offset, std::size_t slice) {
    check(cudaMemcpy(static_cast<char*>(device) + offset, data, slice, cudaMemcpyHostToDevice), "cudaMemcpy(upload)");
    return true;
  });
}

// Writes `bytes` of device memory at `device` to a new file at `path`.
void download_file(const void* device, std::size_t bytes, const std::string& path) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  const std::size_t staging_bytes = std::min(bytes, kStagingBytes);
  char* staging = staging_buffer(Staging::Device, staging_bytes);
  for (std::size_t done = 0; done < bytes && out;) {
    const std::size_t slice = std::min(staging_bytes, bytes - done);
    check(cudaMemcpy(staging, static_cast<const char*>(device) + done, slice, cudaMemcpyDeviceToHost),
          "cudaMemcpy(download)");
    out.write(staging, static_cast<std::streamsize>(slice));
    done += slice;
  }
  out.close();
  if (!out) throw BadRequest("cannot write " + path);
}

// Whether `bytes` of device memory at `device` hold the file at `path`,
// followed by kGuardBytes of kGuardByte: an input the call left as uploaded.
bool device_holds_file(const void* device, std::size_t bytes, const std::string& path) {
  char* from_device = staging_buffer(Staging::Device, std::min(bytes, kStagingBytes));
  const bool same = read_file_slices(path, bytes, [&](const char* data, std::size_t offset, std::size_t slice) {
    check(cudaMemcpy(from_device, static_cast<const char*>(device) + offset, slice, cudaMemcpyDeviceToHost),
          "cudaMemcpy(compare)");
    return std::memcmp(data, from_device, slice) == 0;
  });
  if (!same) return false;
  std::vector<unsigned char> guard(protocol::kGuardBytes);
  check(cudaMemcpy(guard.data(), static_cast<const char*>(device) + bytes, guard.size(), cudaMemcpyDeviceToHost),
        "cudaMemcpy(compare guard)");
  return std::all_of(guard.begin(), guard.end(), [](unsigned char byte) { return byte == protocol::kGuardByte; });
}

// One parameter of a call: a device tensor (with its guard bytes) or a scalar
// kept in an 8-byte slot of exactly the declared C type.
struct Argument {
  std::string name;
  bool is_tensor = false;
  bool is_output = false;        // filled with fill_byte before each call
  unsigned char fill_byte = 0;   // outputs: 0 (the contract), or kPoisonByte when the judge asks
  std::size_t bytes = 0;         // tensor payload, guard excluded
  std::string upload_path;       // inputs: contents to upload
  std::string download_path;     // where the post-call contents (+guard) go
  void* device = nullptr;
  alignas(8) unsigned char scalar[8] = {};
};

Argument parse_argument(const json& spec) {
  Argument arg;
  arg.name = spec.at("name").get<std::string>();
  const std::string kind = spec.at("kind").get<std::string>();
  if (kind == "tensor") {
    arg.is_tensor = true;
    arg.bytes = spec.at("bytes").get<std::size_t>();
    arg.is_output = spec.value("output", false);
    arg.fill_byte = spec.value("fill", 0) == 0 ? 0 : protocol::kPoisonByte;
    arg.upload_path = spec.value("upload", "");
    arg.download_path = spec.value("download", "");
    if (!arg.is_output && arg.upload_path.empty()) throw BadRequest("input " + arg.name + " has no upload file");
    return arg;
  }
  if (kind != "scalar") throw BadRequest("unknown argument kind '" + kind + "' for " + arg.name);
  // The judge sends the value's bytes, as the device holds them, at the
  // start of a uint64: the runner needs no table of types.
  const std::size_t bytes = spec.at("bytes").get<std::size_t>();
  if (bytes == 0 || bytes > sizeof arg.scalar) {
    throw BadRequest("scalar " + arg.name + " of " + std::to_string(bytes) + " bytes");
  }
  const uint64_t bits = spec.at("bits").get<uint64_t>();
  std::memcpy(arg.scalar, &bits, bytes);
  return arg;
}

// The argument list of one input set, owning its device buffers.
class ArgumentSet {
 public:
  explicit ArgumentSet(const json& specs) {
    for (const json& spec : specs) m_arguments.push_back(parse_argument(spec));
    for (Argument& arg : m_arguments) {
      if (!arg.is_tensor) continue;
      check(cudaMalloc(&arg.device, arg.bytes + protocol::kGuardBytes), "cudaMalloc");
      char* base = static_cast<char*>(arg.device);
      check(cudaMemset(base + arg.bytes, protocol::kGuardByte, protocol::kGuardBytes), "cudaMemset(guard)");
      if (!arg.is_output) upload_file(arg.upload_path, arg.device, arg.bytes);
    }
    for (Argument& arg : m_arguments) m_pointers.push_back(arg.is_tensor ? static_cast<void*>(&arg.device) : arg.scalar);
  }
  ArgumentSet(const ArgumentSet&) = delete;
  ArgumentSet& operator=(const ArgumentSet&) = delete;
  ArgumentSet(ArgumentSet&&) = default;
  ~ArgumentSet() {
    for (Argument& arg : m_arguments) {
      if (arg.device) cudaFree(arg.device);
    }
  }

  // Before every call, checked or timed (outside the timed interval).
  void fill_outputs() {
    for (Argument& arg : m_arguments) {
      if (arg.is_output) check(cudaMemset(arg.device, arg.fill_byte, arg.bytes), "cudaMemset(output fill)");
    }
  }

  // Copies every buffer, guard included, back to the judge's files, but
  // the inputs still as uploaded: returns their names (kUnchangedInputs).
  json download() {
    json unchanged = json::array();
    for (Argument& arg : m_arguments) {
      if (!arg.is_tensor || arg.download_path.empty()) continue;
      if (!arg.is_output && device_holds_file(arg.device, arg.bytes, arg.upload_path)) {
        unchanged.push_back(arg.name);
        continue;
      }
      download_file(arg.device, arg.bytes + protocol::kGuardBytes, arg.download_path);
    }
    return unchanged;
  }

  void* const* pointers() const { return m_pointers.data(); }

 private:
  std::vector<Argument> m_arguments;
  std::vector<void*> m_pointers;
};

class Runner {
 public:
  explicit Runner(FILE* reply) : m_reply(reply) {}

  // Serves requests until "exit" or end of input. Returns the exit status.
  int serve() {
    std::string line;
    while (std::getline(std::cin, line)) {
      if (line.empty()) continue;
      json request;
      try {
        request = json::parse(line);
        const std::string op = request.at("op").get<std::string>();
        if (op == protocol::kOpExit) {
          reply({{"status", protocol::kStatusOk}});
          return 0;
        }
        m_request_id = request.value("id", "");
        if (op == protocol::kOpPing) {
          reply({{"status", protocol::kStatusOk}, {"device_properties", device_description()}});
        } else if (op == protocol::kOpLoad) {
          reply(load(request));
        } else if (op == protocol::kOpRun) {
          reply(run(request));
        } else if (op == protocol::kOpTime) {
          reply(time(request));
        } else {
          throw BadRequest("unknown op '" + op + "'");
        }
      } catch (const SolutionThrew& failure) {
        reply({{"status", protocol::kStatusSolutionError}, {"message", failure.what()}});
        return 1;
      } catch (const CudaFailure& failure) {
        json answer = {{"status", protocol::kStatusCudaError},
                       {"error", cudaGetErrorName(failure.code)},
                       {"message", failure.what()},
                       {"where", failure.where}};
        // A driver that failed on a call the sandbox refused says only "OS
        // call failed": name the calls.
        const std::vector<std::string> refused = sandbox::refused_calls();
        if (!refused.empty()) answer["sandbox_refused"] = refused;
        reply(answer);
        return 1;  // the device context may be unusable after a fault
      } catch (const std::exception& error) {
        reply({{"status", protocol::kStatusBadRequest}, {"message", error.what()}});
        return 2;
      } catch (...) {
        reply({{"status", protocol::kStatusBadRequest}, {"message", "an exception that is not a std::exception"}});
        return 2;
      }
    }
    return 0;
  }

 private:
  void reply(json message) {
    std::fflush(stdout);  // keep the solution's own output ahead of the reply
    message["id"] = m_request_id;
    std::string text = message.dump() + "\n";
    std::fwrite(text.data(), 1, text.size(), m_reply);
    std::fflush(m_reply);
  }

  json load(const json& request) {
    const std::string library = request.at("library").get<std::string>();
#ifndef JUDGE_RUNNER_GPU
    // Before any solution code exists: its constructors and kernels find
    // the order fixed and cannot change it (thread_order.h).
    std::optional<unsigned long long> order_seed;
    if (request.contains(protocol::kThreadOrderSeed)) {
      order_seed = request.at(protocol::kThreadOrderSeed).get<unsigned long long>();
    }
    if (!cucpu::runtime::fix_thread_order(order_seed)) throw BadRequest("the thread order was fixed already");
#endif
    void* handle = nullptr;
    run_solution_code("a static constructor of the solution's library",
                      [&] { handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL); });
    if (!handle) return {{"status", protocol::kStatusLoadError}, {"message", dlerror()}};
    m_entry = reinterpret_cast<EntryFunction>(dlsym(handle, protocol::kEntrySymbol));
    if (!m_entry) {
      return {{"status", protocol::kStatusLoadError},
              {"message", std::string("no ") + protocol::kEntrySymbol + " in " + library}};
    }
    const json& device = device_description();
    return {{"status", protocol::kStatusOk}, {"device", device["name"]}, {"device_properties", device}};
  }

  // The device's properties, queried once, at the first "ping" (before any
  // solution code is loaded, so before it could patch the runtime's answer:
  // the records' device and the L2 flush size depend on it).
  const json& device_description() {
    if (m_device.is_null()) {
      cudaDeviceProp properties{};
      check(cudaGetDeviceProperties(&properties, 0), "cudaGetDeviceProperties");
      m_l2_bytes = static_cast<std::size_t>(properties.l2CacheSize);
      m_device = device_properties(properties);
    }
    return m_device;
  }

  // What result records carry about the device (the leaderboard bounds a
  // speed by SMs, clocks and bus width). An attribute the runtime does not
  // know is left out, and the error it set is cleared before any call.
  static json device_properties(const cudaDeviceProp& properties) {
    auto version_text = [](int version) {
      return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
    };
    json device = {{"name", properties.name},
                   {"compute_capability", std::to_string(properties.major) + "." + std::to_string(properties.minor)},
                   {"sm_count", properties.multiProcessorCount},
                   {"memory_bytes", properties.totalGlobalMem},
                   {"memory_bus_width_bits", properties.memoryBusWidth}};
    int value = 0;
    if (cudaDeviceGetAttribute(&value, cudaDevAttrClockRate, 0) == cudaSuccess) device["clock_mhz"] = value / 1000.0;
    if (cudaDeviceGetAttribute(&value, cudaDevAttrMemoryClockRate, 0) == cudaSuccess) {
      device["memory_clock_mhz"] = value / 1000.0;
    }
    if (cudaDriverGetVersion(&value) == cudaSuccess) device["driver_version"] = version_text(value);
    if (cudaRuntimeGetVersion(&value) == cudaSuccess) device["runtime_version"] = version_text(value);
    cudaGetLastError();
    return device;
  }

  void call(ArgumentSet& set) {
    if (!m_entry) throw BadRequest("no solution loaded");
    run_solution_code("solution()", [&] {
      m_entry(set.pointers());
      check(cudaGetLastError(), "solution (launch)");
      check(cudaDeviceSynchronize(), "solution (execution)");
    });
  }

  json run(const json& request) {
    ArgumentSet set(request.at("params"));
    set.fill_outputs();
    check(cudaDeviceSynchronize(), "cudaDeviceSynchronize(before call)");
    const auto start = std::chrono::steady_clock::now();
    call(set);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    json unchanged = set.download();
    return {{"status", protocol::kStatusOk}, {"seconds", seconds}, {protocol::kUnchangedInputs, unchanged}};
  }

  // A timed batch: K calls, each on its own input set, uploaded first; then
  // for each call its outputs filled (zeros, or the poison byte on request), the L2 evicted and the device idle
  // before the call and synchronised after it; then every buffer handed
  // back. The judge's clock around the whole request, not this process's,
  // gives the ranked time (judge/pipeline/measurement.h): solution code
  // shares this process and can forge anything it measures. The events
  // measured here are replied as a diagnostic only. "empty": true skips the
  // calls and keeps every other step (the flush included): the judge
  // measures the request's overhead so, in a runner with no solution loaded.
  json time(const json& request) {
    const bool empty = request.value("empty", false);
    if (!empty && !m_entry) throw BadRequest("no solution loaded");
    device_description();  // the L2's size, for the flush, whether or not a ping came first
    std::vector<ArgumentSet> sets;
    for (const json& params : request.at("calls")) sets.emplace_back(params);
    if (m_flush_bytes == 0 && flushed_cache_bytes() > 0) {
      m_flush_bytes = 2 * flushed_cache_bytes();  // twice the cache evicts whatever the last call left
      check(cudaMalloc(&m_flush, m_flush_bytes), "cudaMalloc(L2 flush)");
    }
    if (!m_start) {
      check(cudaEventCreate(&m_start), "cudaEventCreate");
      check(cudaEventCreate(&m_stop), "cudaEventCreate");
    }
    json event_ms = json::array();
    for (ArgumentSet& set : sets) {
      set.fill_outputs();
      if (m_flush) {
        check(cudaMemset(m_flush, static_cast<int>(++m_flush_count & 0xff), m_flush_bytes), "cudaMemset(L2 flush)");
      }
      check(cudaDeviceSynchronize(), "cudaDeviceSynchronize(before timed call)");
      check(cudaEventRecord(m_start), "cudaEventRecord");
      // The stop event follows a whole-device synchronisation, so work the
      // solution put on other streams is inside the measured interval.
      run_solution_code("solution()", [&] {
        if (!empty) {
          m_entry(set.pointers());
          check(cudaGetLastError(), "solution (launch)");
        }
        check(cudaDeviceSynchronize(), "solution (execution)");
      });
      check(cudaEventRecord(m_stop), "cudaEventRecord");
      check(cudaEventSynchronize(m_stop), "cudaEventSynchronize");
      float ms = 0.0f;
      check(cudaEventElapsedTime(&ms, m_start, m_stop), "cudaEventElapsedTime");
      event_ms.push_back(ms);
    }
    json unchanged = json::array();
    for (ArgumentSet& set : sets) unchanged.push_back(set.download());
    return {{"status", protocol::kStatusOk}, {"event_ms", event_ms}, {"flush_bytes", m_flush_bytes},
            {protocol::kUnchangedInputs, unchanged}};
  }

  // The cache the flush before each timed call evicts: on a GPU its L2. On
  // the CPU backend the kernels run on the host's cores, so the host's
  // per-core L2 (the emulated device's 50 MiB L2 would make the flush,
  // 100 MiB of memset per call, most of a small case's batch and of its
  // noise, for no cache the kernel uses).
  std::size_t flushed_cache_bytes() const {
#ifdef JUDGE_RUNNER_GPU
    return m_l2_bytes;
#else
    const long host_l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
    return host_l2 > 0 ? static_cast<std::size_t>(host_l2) : std::size_t{1} << 20;
#endif
  }

  FILE* m_reply;
  std::string m_request_id;  // echoed, so a reply the solution wrote itself must guess it
  EntryFunction m_entry = nullptr;
  json m_device;  // device_description()
  std::size_t m_l2_bytes = 0;
  void* m_flush = nullptr;
  std::size_t m_flush_bytes = 0;
  unsigned m_flush_count = 0;
  cudaEvent_t m_start = nullptr;
  cudaEvent_t m_stop = nullptr;
};

// `--probe`: say whether the runtime sees a device, as one JSON line. The
// judge asks this of the GPU runner to choose a backend, in a child process
// so that it never loads a CUDA runtime itself.
int probe() {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  int driver = 0;
  cudaDriverGetVersion(&driver);
  json answer = {{"error", cudaGetErrorName(status)}, {"message", cudaGetErrorString(status)},
                 {"devices", status == cudaSuccess ? count : 0}, {"driver_version", driver}};
  if (status == cudaSuccess && count > 0) {
    cudaDeviceProp properties{};
    if (cudaGetDeviceProperties(&properties, 0) == cudaSuccess) {
      answer["name"] = properties.name;
      answer["arch"] = "sm_" + std::to_string(properties.major) + std::to_string(properties.minor);
    }
  }
  std::cout << answer.dump() << std::endl;
  return 0;
}

// The runner's command line, and what the sandbox layers need from it.
struct Launch {
  int reply_fd = -1;
  bool sandboxed = true;
  bool inside_namespaces = false;      // --isolated: this is the copy bubblewrap started
  unsigned long long thread_limit = 0;  // 0: none
  unsigned long long exchange_limit_bytes = 0;
  sandbox::SolutionConfinement confinement;
};

std::string mebibytes(unsigned long long bytes) { return std::to_string(bytes >> 20) + " MiB"; }

struct ParentPrivileges {
  bool root = false;
  bool isolated = false;
  uid_t run_uid = 0;
};

// The supervising parent needs no privilege: it waits and reads the
// exchange folder (owned by the run's user once isolated).
void drop_supervisor_privileges(void* context) {
  const auto* parent = static_cast<const ParentPrivileges*>(context);
  if (!parent->root) return;
  if (parent->isolated) sandbox::switch_to_user(parent->run_uid);
  else sandbox::drop_capabilities();
}

// The outer layers (harness/sandbox/isolation.h): a supervisor that caps the
// exchange folder, then the runner again inside bubblewrap's namespaces as
// an unprivileged user. Returns only where namespaces are unavailable, in
// the supervised child, with the reason for the report.
std::string isolate(Launch& launch, int argc, char** argv) {
  const bool root = geteuid() == 0;
  ParentPrivileges parent{root, false, root ? sandbox::run_uid_for(getpid()) : geteuid()};
  const std::string unavailable = sandbox::isolation_unavailable(parent.run_uid);
  parent.isolated = unavailable.empty();
  if (parent.isolated && root) {
    for (const std::string& folder : launch.confinement.write) {
      if (chown(folder.c_str(), parent.run_uid, parent.run_uid) != 0) {
        throw std::runtime_error("cannot hand " + folder + " to the run's user: " + std::strerror(errno));
      }
    }
  }
  sandbox::ExchangeCap cap;
  cap.folders = launch.confinement.write;
  cap.bytes = launch.exchange_limit_bytes;
  sandbox::fork_supervised(cap, {launch.reply_fd}, parent.isolated, drop_supervisor_privileges, &parent);
  if (parent.isolated) {
    sandbox::IsolationPlan plan;
    char self[4096] = {};
    if (readlink("/proc/self/exe", self, sizeof self - 1) <= 0) throw std::runtime_error("cannot find the runner's own binary");
    plan.program = self;
    plan.arguments.assign(argv + 1, argv + argc);
    plan.arguments.push_back("--isolated");
    plan.read = launch.confinement.read;
    plan.write = launch.confinement.write;
    plan.gpu = launch.confinement.gpu;
    plan.cuda_home = launch.confinement.cuda_home;
    sandbox::exec_isolated(plan, root ? std::optional<uid_t>(parent.run_uid) : std::nullopt);
  }
  if (root) sandbox::drop_capabilities();
  return "NO namespaces (" + unavailable + ")" + (root ? ", root without capabilities" : "");
}

// --memory-limit: on the CPU backend the address space (RLIMIT_AS); on a GPU
// private writable memory (RLIMIT_DATA), since CUDA reserves address space
// far beyond any useful limit.
void memory_limit(sandbox::ResourceLimits& limits, unsigned long long bytes) {
#ifdef JUDGE_RUNNER_GPU
  limits.data_bytes = bytes;
#else
  limits.address_space_bytes = bytes;
#endif
}

std::string describe_memory_limit(const sandbox::ResourceLimits& limits) {
  if (limits.address_space_bytes) return mebibytes(limits.address_space_bytes) + " (RLIMIT_AS)";
  if (limits.data_bytes) return mebibytes(limits.data_bytes) + " of private writable memory (RLIMIT_DATA)";
  return "not limited";
}

// Confines this process before any solution code is loaded (see
// harness/sandbox/README.md) and prints the line the judge puts into its
// report. The CUDA runtime is initialised first, so the driver opens its
// devices and files while it still may; the descriptors it opens then are
// its own and stay open (it fails with cudaErrorOperatingSystem at the next
// allocation without them), so the inherited ones are closed before it starts.
void confine(Launch& launch, const std::string& isolation) {
  setenv("CUDA_CACHE_DISABLE", "1", 1);  // no JIT cache in the home folder
  if (launch.sandboxed) sandbox::close_inherited_descriptors(launch.confinement.keep_fds);
  const cudaError_t started = cudaFree(nullptr);
  cudaGetLastError();
  // Said apart from a later failure: here only the namespaces and limits
  // apply, Landlock and seccomp come after.
  if (started != cudaSuccess) {
    std::fprintf(stderr, "runner: the CUDA runtime did not start before Landlock and seccomp: %s (%s)\n",
                 cudaGetErrorName(started), cudaGetErrorString(started));
  }
  if (!launch.sandboxed) {
    std::fprintf(stderr, "runner: SANDBOX DISABLED (--no-sandbox): the solution can do anything you can\n");
    return;
  }
  std::string threads = "threads not limited";
  if (launch.thread_limit) {
    if (launch.inside_namespaces) {
      // Counted in the run's own user namespace (or for its own user id):
      // bubblewrap's two processes and the supervisor are counted too.
      launch.confinement.limits.processes = launch.thread_limit + 3;
      threads = std::to_string(launch.thread_limit) + " threads (RLIMIT_NPROC)";
    } else if (geteuid() != 0) {
      // Without a user namespace RLIMIT_NPROC counts every thread of the user.
      launch.confinement.limits.processes = sandbox::tasks_of_user(geteuid()) + launch.thread_limit;
      threads = std::to_string(launch.thread_limit) + " threads beyond the user's others (RLIMIT_NPROC)";
    } else {
      threads = "threads NOT limited (root without a user namespace)";
    }
  }
  if (launch.inside_namespaces && !sandbox::has_no_capabilities()) {
    throw std::runtime_error("the namespaces left capabilities to the run");
  }
  launch.confinement.keep_fds = sandbox::open_descriptors();  // the reply pipe and the driver's
  const std::string landlock = sandbox::confine_solution_process(launch.confinement);
  const auto& limits = launch.confinement.limits;
  std::fprintf(stderr, "runner: sandbox on: %s; %s; seccomp allowlist loaded; limits: memory %s, %s, exchange folder %s\n",
               isolation.c_str(), landlock.c_str(),
               describe_memory_limit(limits).c_str(),
               threads.c_str(),
               launch.exchange_limit_bytes ? mebibytes(launch.exchange_limit_bytes).c_str() : "not limited");
}

}  // namespace

int main(int argc, char** argv) {
  Launch launch;
  sandbox::SolutionConfinement& confinement = launch.confinement;
#ifdef JUDGE_RUNNER_GPU
  confinement.gpu = true;
  if (const char* home = std::getenv("CUDA_HOME"); home && *home) confinement.cuda_home = home;
#endif
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--probe") return probe();
    if (arg == "--reply-fd" && has_value) launch.reply_fd = std::atoi(argv[++i]);
    else if (arg == "--read" && has_value) confinement.read.push_back(argv[++i]);
    else if (arg == "--write" && has_value) confinement.write.push_back(argv[++i]);
    else if (arg == "--memory-limit" && has_value) memory_limit(confinement.limits, std::strtoull(argv[++i], nullptr, 10));
    else if (arg == "--thread-limit" && has_value) launch.thread_limit = std::strtoull(argv[++i], nullptr, 10);
    else if (arg == "--exchange-limit" && has_value) launch.exchange_limit_bytes = std::strtoull(argv[++i], nullptr, 10);
    else if (arg == "--no-sandbox") launch.sandboxed = false;
    else if (arg == "--isolated") launch.inside_namespaces = true;
    else launch.reply_fd = -1, i = argc;
  }
  if (launch.reply_fd < 0) {
    std::cerr << "usage: runner --probe | runner --reply-fd FD [--read DIR]... [--write DIR]... [--memory-limit BYTES] "
                 "[--thread-limit N] [--exchange-limit BYTES] [--no-sandbox]   (requests as JSON lines on stdin)\n";
    return 2;
  }
  confinement.keep_fds = {launch.reply_fd};
  // A file as large as the whole exchange allowance is the most a call needs.
  if (launch.exchange_limit_bytes) confinement.limits.file_size_bytes = launch.exchange_limit_bytes;
  try {
    std::string isolation = "namespaces: user (uid " + std::to_string(getuid()) +
                            ", no capabilities), pid, ipc, net, uts, mount (bubblewrap; private /tmp, /dev/shm)";
    if (launch.sandboxed && !launch.inside_namespaces) isolation = isolate(launch, argc, argv);
    confine(launch, isolation);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "runner: cannot set up the sandbox: %s\n", error.what());
    return 3;
  }
  FILE* reply = fdopen(launch.reply_fd, "w");
  if (!reply) {
    std::perror("runner: --reply-fd");
    return 2;
  }
  return Runner(reply).serve();
}
