#include "judge/leaderboard/record.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cerrno>
#include <cstring>
#include <sys/stat.h>
#include <cmath>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

#include "judge/common/content_hash.h"
#include "judge/common/printable.h"

namespace judge {

using json = nlohmann::json;

namespace {

constexpr std::size_t kMaxStringBytes = 4096;
constexpr std::size_t kMaxCases = 1000;
constexpr std::size_t kMaxInputSeeds = 1000000;  // per case: 200 batches of 64 calls is 12,800

json device_to_json(const DeviceProperties& device) {
  return {{"name", device.name},
          {"compute_capability", device.compute_capability},
          {"sm_count", device.sm_count},
          {"clock_mhz", device.clock_mhz},
          {"memory_clock_mhz", device.memory_clock_mhz},
          {"memory_bus_width_bits", device.memory_bus_width_bits},
          {"memory_bytes", device.memory_bytes},
          {"driver_version", device.driver_version},
          {"runtime_version", device.runtime_version},
          {"cpu_model", device.cpu_model}};
}

// Field readers: each names the field's path in its error.
class Fields {
 public:
  Fields(const json& object, std::string path) : m_object(object), m_path(std::move(path)) {
    if (!m_object.is_object()) throw RecordError(where("") + "is not a JSON object");
  }

  std::string string(const char* key, bool required = true) const {
    const json* value = find(key, required);
    if (!value) return "";
    if (!value->is_string()) throw RecordError(where(key) + "is not a string");
    const std::string& text = value->get_ref<const std::string&>();
    if (text.size() > kMaxStringBytes) throw RecordError(where(key) + "is longer than 4096 bytes");
    return printable(text);  // a record from elsewhere may carry raw control bytes
  }

  double number(const char* key, bool required = true) const {
    const json* value = find(key, required);
    if (!value) return 0;
    if (!value->is_number()) throw RecordError(where(key) + "is not a number");
    const double number = value->get<double>();
    if (!std::isfinite(number) || number < 0) throw RecordError(where(key) + "is not a finite number >= 0");
    return number;
  }

  int64_t integer(const char* key, bool required = true) const {
    const json* value = find(key, required);
    if (!value) return 0;
    if (!value->is_number_integer()) throw RecordError(where(key) + "is not an integer");
    if (value->is_number_unsigned()) return static_cast<int64_t>(std::min<uint64_t>(value->get<uint64_t>(), INT64_MAX));
    const int64_t number = value->get<int64_t>();
    if (number < 0) throw RecordError(where(key) + "is negative");
    return number;
  }

  uint64_t unsigned_integer(const char* key) const {
    const json* value = find(key, true);
    if (!value->is_number_unsigned()) throw RecordError(where(key) + "is not an integer >= 0");
    return value->get<uint64_t>();
  }

  const json& member(const char* key) const { return *find(key, true); }
  bool has(const char* key) const { return find(key, false) != nullptr; }
  std::string where(const std::string& key) const {
    return "field '" + m_path + (m_path.empty() || key.empty() ? "" : ".") + key + "' ";
  }

 private:
  const json* find(const char* key, bool required) const {
    auto it = m_object.find(key);
    if (it == m_object.end() || it->is_null()) {
      if (required) throw RecordError(where(key) + "is missing");
      return nullptr;
    }
    return &*it;
  }

  const json& m_object;
  std::string m_path;
};

// The shapes of the fields a forger could fill with anything.
void require_shape(const std::string& value, const std::regex& shape, const Fields& fields, const char* key,
                   const char* what) {
  if (!std::regex_match(value, shape)) {
    throw RecordError(fields.where(key) + "is '" + printable_line(value.substr(0, 80)) + "', not " + what);
  }
}

const std::regex& verdict_shape() {
  static const std::regex shape("ACCEPTED|WRONG_ANSWER|COMPILE_ERROR|RUNTIME_ERROR|TIME_LIMIT_EXCEEDED|ERROR");
  return shape;
}
const std::regex& created_shape() {
  static const std::regex shape("20[0-9]{2}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]Z");
  return shape;
}
const std::regex& judge_version_shape() {
  // A commit (maybe "-dirty"), "binary-<SHA-256>", or a JUDGE_VERSION token.
  static const std::regex shape("[0-9a-f]{40}(-dirty)?|binary-[0-9a-f]{64}|[A-Za-z0-9][A-Za-z0-9._+-]{0,99}");
  return shape;
}
const std::regex& sha256_shape() {
  static const std::regex shape("[0-9a-f]{64}");
  return shape;
}
const std::regex& login_shape() {
  static const std::regex shape("[A-Za-z0-9]([A-Za-z0-9]|-[A-Za-z0-9]){0,38}");
  return shape;
}

int bounded_int(int64_t value, const Fields& fields, const char* key) {
  if (value > 1'000'000'000) throw RecordError(fields.where(key) + "is implausibly large");
  return static_cast<int>(value);
}

}  // namespace

json record_to_json(const Record& record) {
  json cases = json::array();
  for (const CaseTiming& c : record.cases) {
    cases.push_back({{"name", c.name},
                     {"flops", c.flops},
                     {"median_ms", c.median_ms},
                     {"mean_ms", c.mean_ms},
                     {"min_ms", c.min_ms},
                     {"max_ms", c.max_ms},
                     {"rse", c.rse},
                     {"runs", c.runs},
                     {"gflops", c.gflops},
                     {"measurement", {{"calls_per_batch", c.calls_per_batch},
                                      {"noise_bound_ms", c.noise_bound_ms},
                                      {"input_seeds", c.input_seeds}}}});
  }
  json j = {{"format", kRecordFormat},
            {"schema_version", kRecordSchemaVersion},  // always the current names, whatever was read
            {"problem", record.problem},
            {"dtype", record.dtype},
            {"solution", {{"path", record.solution_path}, {"hash", record.solution_hash}}},
            {"author", record.author},
            {"title", record.title},
            {"verdict", record.verdict},
            {"timing", record.timing},
            {"device", device_to_json(record.device)},
            {"judge_version", record.judge_version},
            {"seed", record.seed},
            {"output_fill", record.output_fill},
            {"created", record.created},
            {"check_tier", record.check_tier},
            {"bench_tier", record.bench_tier},
            {"cases", cases},
            {"geomean_ms", record.geomean_ms},
            {"geomean_gflops", record.geomean_gflops}};
  if (!record.message.empty()) j["message"] = record.message;
  if (!record.account.empty()) j["account"] = record.account;
  if (!record.problem_definition.empty()) j["problem_definition"] = record.problem_definition;
  // Author, title, message and the device's strings come from a submission
  // or a solution's process: only their printable form is stored.
  return printable_json(j);
}

Record record_from_json(const json& j) {
  if (!j.is_object()) throw RecordError("not a JSON object, so not a result record");
  auto format = j.find("format");
  if (format == j.end() || !format->is_string() || format->get<std::string>() != kRecordFormat) {
    throw RecordError(std::string("not a result record (its \"format\" is not \"") + kRecordFormat +
                      "\"): a foreign JSON file");
  }
  Fields top(j, "");
  Record record;
  record.schema_version = bounded_int(top.integer("schema_version"), top, "schema_version");
  if (record.schema_version > kRecordSchemaVersion) {
    throw RecordError("schema_version " + std::to_string(record.schema_version) + " is newer than this judge reads (" +
                      std::to_string(kRecordSchemaVersion) + "); update the judge");
  }
  if (record.schema_version < 1) throw RecordError("schema_version must be at least 1");
  record.problem = top.string("problem");
  if (record.problem.empty()) throw RecordError(top.where("problem") + "is empty");
  if (std::string dtype = top.string("dtype", false); !dtype.empty()) record.dtype = dtype;
  Fields solution(top.member("solution"), "solution");
  record.solution_path = solution.string("path");
  record.solution_hash = solution.string("hash");
  record.author = top.string("author");
  record.account = top.string("account", false);
  if (!record.account.empty()) require_shape(record.account, login_shape(), top, "account", "a GitHub login");
  record.problem_definition = top.string("problem_definition", false);
  if (!record.problem_definition.empty()) {
    require_shape(record.problem_definition, sha256_shape(), top, "problem_definition", "a SHA-256 digest");
  }
  record.title = top.string("title");
  record.verdict = top.string("verdict");
  require_shape(record.verdict, verdict_shape(), top, "verdict", "a verdict the judge gives");
  record.message = top.string("message", false);
  record.timing = top.string("timing");
  if (record.timing != kTimingGpu && record.timing != kTimingCpuEmulated) {
    throw RecordError(top.where("timing") + "is '" + record.timing.substr(0, 40) + "', not 'gpu' or 'cpu-emulated'");
  }
  Fields device(top.member("device"), "device");
  record.device.name = device.string("name");
  record.device.compute_capability = device.string("compute_capability", false);
  record.device.sm_count = bounded_int(device.integer("sm_count", false), device, "sm_count");
  record.device.clock_mhz = device.number("clock_mhz", false);
  record.device.memory_clock_mhz = device.number("memory_clock_mhz", false);
  record.device.memory_bus_width_bits =
      bounded_int(device.integer("memory_bus_width_bits", false), device, "memory_bus_width_bits");
  record.device.memory_bytes = device.number("memory_bytes", false);
  record.device.driver_version = device.string("driver_version", false);
  record.device.runtime_version = device.string("runtime_version", false);
  record.device.cpu_model = device.string("cpu_model", false);
  record.judge_version = top.string("judge_version");
  require_shape(record.judge_version, judge_version_shape(), top, "judge_version",
                "a commit, binary-<SHA-256> or a version token");
  record.seed = top.unsigned_integer("seed");
  if (std::string fill = top.string("output_fill", false); !fill.empty()) record.output_fill = fill;
  if (record.output_fill != kOutputFillZeros && record.output_fill != kOutputFillPoison) {
    throw RecordError(top.where("output_fill") + "is '" + printable_line(record.output_fill.substr(0, 40)) +
                      "', not 'zeros' or 'poison'");
  }
  record.created = top.string("created");
  require_shape(record.created, created_shape(), top, "created", "an ISO 8601 UTC time (2026-11-23T09:30:00Z)");
  record.check_tier = top.string("check_tier", false);
  record.bench_tier = top.string("bench_tier", false);
  const json& cases = top.member("cases");
  if (!cases.is_array()) throw RecordError(top.where("cases") + "is not an array");
  if (cases.size() > kMaxCases) throw RecordError(top.where("cases") + "has more than 1000 entries");
  for (std::size_t i = 0; i < cases.size(); ++i) {
    Fields c(cases[i], "cases[" + std::to_string(i) + "]");
    CaseTiming timing;
    timing.name = c.string("name");
    timing.flops = c.number("flops");
    if (record.schema_version >= 2) {
      timing.median_ms = c.number("median_ms");
      timing.mean_ms = c.number("mean_ms");
      timing.min_ms = c.number("min_ms");
      timing.max_ms = c.number("max_ms");
      if (timing.median_ms <= 0) throw RecordError(c.where("median_ms") + "is not positive");
    } else {  // version 1's names
      Fields runtime(c.member("runtime_ms"), "cases[" + std::to_string(i) + "].runtime_ms");
      timing.median_ms = runtime.number("median");
      timing.mean_ms = runtime.number("mean");
      timing.min_ms = runtime.number("min");
      timing.max_ms = runtime.number("max");
      if (timing.median_ms <= 0) throw RecordError(runtime.where("median") + "is not positive");
    }
    timing.rse = c.number("rse");
    timing.runs = bounded_int(c.integer("runs"), c, "runs");
    timing.gflops = c.number("gflops");
    if (c.has("measurement")) {
      Fields measurement(c.member("measurement"), "cases[" + std::to_string(i) + "].measurement");
      timing.calls_per_batch = bounded_int(measurement.integer("calls_per_batch"), measurement, "calls_per_batch");
      timing.noise_bound_ms = measurement.number("noise_bound_ms");
      const json& seeds = measurement.member("input_seeds");
      if (!seeds.is_array() || seeds.size() > kMaxInputSeeds) {
        throw RecordError(measurement.where("input_seeds") + "is not an array of at most 1,000,000 seeds");
      }
      for (const json& seed : seeds) {
        if (!seed.is_number_unsigned()) throw RecordError(measurement.where("input_seeds") + "holds a non-seed");
        timing.input_seeds.push_back(seed.get<uint64_t>());
      }
    }
    record.cases.push_back(std::move(timing));
  }
  record.geomean_ms = top.number(record.schema_version >= 2 ? "geomean_ms" : "geomean_runtime_ms", false);
  record.geomean_gflops = top.number("geomean_gflops", false);
  return record;
}

Record read_record(const std::filesystem::path& file) {
  std::error_code ec;
  const std::uintmax_t size = std::filesystem::file_size(file, ec);
  if (ec) throw RecordError("cannot be read: " + ec.message());
  if (size > kMaxRecordBytes) throw RecordError("is " + std::to_string(size) + " bytes; a record is at most 4 MiB");
  std::string text(static_cast<std::size_t>(size), '\0');
  std::ifstream in(file, std::ios::binary);
  if (!in.read(text.data(), static_cast<std::streamsize>(text.size()))) throw RecordError("cannot be read");
  json parsed;
  try {
    parsed = json::parse(text);
  } catch (const json::exception& error) {
    // Truncated or corrupt: nlohmann says at which byte.
    throw RecordError(std::string("is not valid JSON (truncated or corrupt): ") + error.what());
  }
  return record_from_json(parsed);
}

RecordFolder load_record_folder(const std::filesystem::path& dir) {
  namespace fs = std::filesystem;
  RecordFolder folder;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) throw std::runtime_error(dir.string() + " is not a folder of records");
  std::vector<fs::path> files;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == ".json") files.push_back(it->path());
  }
  if (ec) throw std::runtime_error("cannot list " + dir.string() + ": " + ec.message());
  std::sort(files.begin(), files.end());
  // Parsing dominates a large build; files are independent, so read them on
  // every core, each worker taking every n-th file, then keep file order.
  std::vector<std::optional<Record>> parsed(files.size());
  std::vector<std::string> errors(files.size());
  const std::size_t workers =
      std::max<std::size_t>(1, std::min<std::size_t>(std::thread::hardware_concurrency(), files.size() / 256));
  auto read_share = [&](std::size_t first) {
    for (std::size_t i = first; i < files.size(); i += workers) {
      std::error_code status_error;
      if (!fs::is_regular_file(files[i], status_error)) {
        errors[i] = "is not a regular file";
        continue;
      }
      try {
        parsed[i] = read_record(files[i]);
      } catch (const RecordError& error) {
        errors[i] = error.what();
      } catch (const std::exception& error) {
        errors[i] = std::string("cannot be read: ") + error.what();
      }
    }
  };
  std::vector<std::thread> threads;
  for (std::size_t worker = 1; worker < workers; ++worker) threads.emplace_back(read_share, worker);
  read_share(0);
  for (std::thread& thread : threads) thread.join();

  folder.records.reserve(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    // A file name or a parser's message may quote invalid UTF-8 or control
    // bytes: only their printable form goes on (into JSON, Markdown, a log).
    const std::string name = printable_line(files[i].filename().string());
    if (parsed[i]) {
      folder.records.push_back({name, printable_line(files[i].stem().string()), std::move(*parsed[i])});
    } else {
      folder.skipped.push_back({name, printable_line(errors[i])});
    }
  }
  return folder;
}

std::filesystem::path write_record(const std::filesystem::path& dir, const Record& record) {
  namespace fs = std::filesystem;
  // Replace invalid UTF-8 (a solution's output inside a message) rather than fail.
  const std::string text = record_to_json(record).dump(2, ' ', false, json::error_handler_t::replace) + "\n";
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw std::runtime_error("cannot create the records folder " + dir.string() + ": " + ec.message());
  const fs::path target = dir / (record.problem + "--" + content_hash(text) + ".json");
  // Write a private temporary file in the same folder, then link it into
  // place: link() never replaces, so an existing record is never touched.
  std::string temporary = (dir / ".record-XXXXXX").string();
  const int fd = mkstemp(temporary.data());
  if (fd < 0) throw std::runtime_error("cannot create a temporary file in " + dir.string());
  bool written = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  written = ::fsync(fd) == 0 && written;
  ::fchmod(fd, 0644);
  ::close(fd);
  if (!written) {
    ::unlink(temporary.c_str());
    throw std::runtime_error("cannot write a record into " + dir.string());
  }
  const int linked = ::link(temporary.c_str(), target.c_str());
  const int link_errno = errno;
  ::unlink(temporary.c_str());
  if (linked != 0 && link_errno != EEXIST) {
    throw std::runtime_error("cannot create " + target.string() + ": " + std::strerror(link_errno));
  }
  return target;
}

std::string utc_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace judge
