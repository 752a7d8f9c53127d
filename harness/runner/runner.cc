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

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/runner/protocol.h"
#include "harness/runner/stopping.h"

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

void check(cudaError_t code, const char* where) {
  if (code != cudaSuccess) throw CudaFailure(code, where);
}

std::vector<char> read_file(const std::string& path, std::size_t expected_bytes) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw BadRequest("cannot read " + path);
  std::vector<char> data(expected_bytes);
  in.read(data.data(), static_cast<std::streamsize>(expected_bytes));
  if (static_cast<std::size_t>(in.gcount()) != expected_bytes) throw BadRequest(path + " is shorter than announced");
  return data;
}

void write_file(const std::string& path, const std::vector<char>& data) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(data.data(), static_cast<std::streamsize>(data.size()));
  if (!out) throw BadRequest("cannot write " + path);
}

// One parameter of a call: a device tensor (with its guard bytes) or a scalar
// kept in an 8-byte slot of exactly the declared C type.
struct Argument {
  std::string name;
  bool is_tensor = false;
  bool is_output = false;        // filled with poison before each call
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
    arg.upload_path = spec.value("upload", "");
    arg.download_path = spec.value("download", "");
    if (!arg.is_output && arg.upload_path.empty()) throw BadRequest("input " + arg.name + " has no upload file");
    return arg;
  }
  const json& value = spec.at("value");
  auto store = [&](auto v) { std::memcpy(arg.scalar, &v, sizeof v); };
  // float16 and bfloat16 arrive as their 16 bits, already rounded by the judge.
  if (kind == "int8") store(value.get<int8_t>());
  else if (kind == "int16") store(value.get<int16_t>());
  else if (kind == "uint8") store(value.get<uint8_t>());
  else if (kind == "uint16" || kind == "float16" || kind == "bfloat16") store(value.get<uint16_t>());
  else if (kind == "bool") store(static_cast<bool>(value.get<int64_t>() != 0));
  else if (kind == "int32") store(value.get<int32_t>());
  else if (kind == "uint32") store(value.get<uint32_t>());
  else if (kind == "int64") store(value.get<int64_t>());
  else if (kind == "uint64") store(value.get<uint64_t>());
  else if (kind == "float32") store(value.get<float>());
  else if (kind == "float64") store(value.get<double>());
  else throw BadRequest("unknown argument kind '" + kind + "' for " + arg.name);
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
      if (!arg.is_output) {
        std::vector<char> host = read_file(arg.upload_path, arg.bytes);
        check(cudaMemcpy(arg.device, host.data(), arg.bytes, cudaMemcpyHostToDevice), "cudaMemcpy(upload)");
      }
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

  void poison_outputs() {
    for (Argument& arg : m_arguments) {
      if (arg.is_output) check(cudaMemset(arg.device, protocol::kPoisonByte, arg.bytes), "cudaMemset(poison)");
    }
  }

  // Copies every buffer, guard included, back to the judge's files.
  void download() {
    for (Argument& arg : m_arguments) {
      if (!arg.is_tensor || arg.download_path.empty()) continue;
      std::vector<char> host(arg.bytes + protocol::kGuardBytes);
      check(cudaMemcpy(host.data(), arg.device, host.size(), cudaMemcpyDeviceToHost), "cudaMemcpy(download)");
      write_file(arg.download_path, host);
    }
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
        if (op == protocol::kOpLoad) reply(load(request));
        else if (op == protocol::kOpRun) reply(run(request));
        else if (op == protocol::kOpBench) reply(bench(request));
        else throw BadRequest("unknown op '" + op + "'");
      } catch (const CudaFailure& failure) {
        reply({{"status", protocol::kStatusCudaError},
               {"error", cudaGetErrorName(failure.code)},
               {"message", failure.what()},
               {"where", failure.where}});
        return 1;  // the device context may be unusable after a fault
      } catch (const std::exception& error) {
        reply({{"status", protocol::kStatusBadRequest}, {"message", error.what()}});
        return 2;
      }
    }
    return 0;
  }

 private:
  void reply(const json& message) {
    std::fflush(stdout);  // keep the solution's own output ahead of the reply
    std::string text = message.dump() + "\n";
    std::fwrite(text.data(), 1, text.size(), m_reply);
    std::fflush(m_reply);
  }

  json load(const json& request) {
    const std::string library = request.at("library").get<std::string>();
    void* handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) return {{"status", "load_error"}, {"message", dlerror()}};
    m_entry = reinterpret_cast<EntryFunction>(dlsym(handle, protocol::kEntrySymbol));
    if (!m_entry) return {{"status", "load_error"}, {"message", std::string("no ") + protocol::kEntrySymbol + " in " + library}};
    cudaDeviceProp properties{};
    check(cudaGetDeviceProperties(&properties, 0), "cudaGetDeviceProperties");
    m_l2_bytes = static_cast<std::size_t>(properties.l2CacheSize);
    return {{"status", protocol::kStatusOk}, {"device", properties.name},
            {"device_properties", device_properties(properties)}};
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
    m_entry(set.pointers());
    check(cudaGetLastError(), "solution (launch)");
    check(cudaDeviceSynchronize(), "solution (execution)");
  }

  json run(const json& request) {
    ArgumentSet set(request.at("params"));
    set.poison_outputs();
    check(cudaDeviceSynchronize(), "cudaDeviceSynchronize(before call)");
    const auto start = std::chrono::steady_clock::now();
    call(set);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    set.download();
    return {{"status", protocol::kStatusOk}, {"seconds", seconds}};
  }

  // Timed calls, rotating over the input sets so that a solution replaying an
  // earlier answer is caught when the judge checks each set's last output.
  json bench(const json& request) {
    std::vector<ArgumentSet> sets;
    for (const json& params : request.at("sets")) sets.emplace_back(params);
    if (sets.empty()) throw BadRequest("bench without input sets");
    runner::StoppingRule rule;
    const json& limits = request.at("rule");
    rule.min_runs = limits.at("min_runs").get<std::size_t>();
    rule.max_runs = limits.at("max_runs").get<std::size_t>();
    rule.target_rse = limits.at("target_rse").get<double>();
    rule.budget_seconds = limits.at("budget_seconds").get<double>();
    const int warmup = request.at("warmup").get<int>();

    // Writing a buffer twice the L2 size evicts whatever the last run left.
    void* flush = nullptr;
    const std::size_t flush_bytes = 2 * m_l2_bytes;
    if (flush_bytes) check(cudaMalloc(&flush, flush_bytes), "cudaMalloc(L2 flush)");
    cudaEvent_t start, stop;
    check(cudaEventCreate(&start), "cudaEventCreate");
    check(cudaEventCreate(&stop), "cudaEventCreate");

    for (int i = 0; i < warmup; ++i) {
      ArgumentSet& set = sets[static_cast<std::size_t>(i) % sets.size()];
      set.poison_outputs();
      call(set);
    }
    std::vector<double> times_ms;
    double measured_seconds = 0.0;
    for (std::size_t run = 0; !runner::should_stop(rule, times_ms, measured_seconds); ++run) {
      ArgumentSet& set = sets[run % sets.size()];
      set.poison_outputs();
      if (flush) check(cudaMemset(flush, static_cast<int>(run & 0xff), flush_bytes), "cudaMemset(L2 flush)");
      check(cudaDeviceSynchronize(), "cudaDeviceSynchronize(before timed call)");
      check(cudaEventRecord(start), "cudaEventRecord");
      m_entry(set.pointers());
      check(cudaGetLastError(), "solution (launch)");
      // The stop event follows a whole-device synchronisation, so work the
      // solution put on other streams is inside the measured interval.
      check(cudaDeviceSynchronize(), "solution (execution)");
      check(cudaEventRecord(stop), "cudaEventRecord");
      check(cudaEventSynchronize(stop), "cudaEventSynchronize");
      float ms = 0.0f;
      check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
      times_ms.push_back(ms);
      measured_seconds += ms / 1000.0;
    }
    for (ArgumentSet& set : sets) set.download();
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    if (flush) cudaFree(flush);
    return {{"status", protocol::kStatusOk}, {"times_ms", times_ms}, {"flush_bytes", flush_bytes}};
  }

  FILE* m_reply;
  EntryFunction m_entry = nullptr;
  std::size_t m_l2_bytes = 0;
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

}  // namespace

int main(int argc, char** argv) {
  int reply_fd = -1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--probe") return probe();
    if (arg == "--reply-fd" && i + 1 < argc) reply_fd = std::atoi(argv[++i]);
  }
  if (reply_fd < 0) {
    std::cerr << "usage: runner --probe | runner --reply-fd FD   (requests as JSON lines on stdin)\n";
    return 2;
  }
  FILE* reply = fdopen(reply_fd, "w");
  if (!reply) {
    std::perror("runner: --reply-fd");
    return 2;
  }
  return Runner(reply).serve();
}
