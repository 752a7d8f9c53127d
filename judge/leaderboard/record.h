// A result record: one judging run as one JSON file, the unit the
// leaderboard is built from. Written by `judge ... --record DIR`, read back
// here as hostile input (records travel between machines and through pull
// requests): every field is type-checked and bounded, and a record that is
// not one of ours, is from a newer schema, or is malformed is refused with a
// message naming the file and the field.
//
// Records are append-only: a record is named by the hash of its content
// (`<slug>--<hash>.json`), written under a temporary name and linked into
// place, so two machines never collide, re-running never overwrites a
// different record, and folders of records merge by plain copying.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace judge {

// The "format" field of every record; a JSON file without it is foreign.
inline constexpr char kRecordFormat[] = "judge-result-record";
// Changes when a field changes meaning or goes away; readers refuse newer
// versions and ignore unknown fields (fields are added without a change).
// Version 2 names each case's figures as the rest of the judge does
// (`median_ms`, `mean_ms`, `min_ms`, `max_ms`, and `geomean_ms` overall);
// version 1 nested them (`runtime_ms: {median, mean, min, max}`,
// `geomean_runtime_ms`). Both are read; only version 2 is written.
inline constexpr int kRecordSchemaVersion = 2;
inline constexpr std::uintmax_t kMaxRecordBytes = 4 << 20;

// Where the timing came from; never compared across kinds.
inline constexpr char kTimingGpu[] = "gpu";
inline constexpr char kTimingCpuEmulated[] = "cpu-emulated";

// What the outputs held before each call (judge/pipeline/call_data.h): zeros,
// Tensara's contract and the default, or poison with --poison-outputs. The
// timing is the same either way; poison only makes the checks stricter.
inline constexpr char kOutputFillZeros[] = "zeros";
inline constexpr char kOutputFillPoison[] = "poison";

struct DeviceProperties {
  std::string name;                  // "NVIDIA H100 80GB HBM3", or the CPU model on the CPU backend
  std::string compute_capability;    // "9.0"; empty on the CPU backend
  int sm_count = 0;
  double clock_mhz = 0;              // peak SM clock
  double memory_clock_mhz = 0;       // peak memory clock
  int memory_bus_width_bits = 0;
  double memory_bytes = 0;           // global memory
  std::string driver_version;        // "13.0" (CUDA driver API version)
  std::string runtime_version;       // "13.0" (CUDA runtime the solution ran against)
  std::string cpu_model;             // the host's CPU (always filled when known)
};

struct CaseTiming {
  std::string name;
  double flops = 0;
  double median_ms = 0, mean_ms = 0, min_ms = 0, max_ms = 0;
  double rse = 0;  // relative standard error of the mean
  int runs = 0;
  double gflops = 0;  // flops / median, as measured by the judge
  // How the judge measured it (judge/pipeline/measurement.h); absent in
  // older records: 0 and empty.
  int calls_per_batch = 0;
  double noise_bound_ms = 0;          // per call
  std::vector<uint64_t> input_seeds;  // every timed call's inputs, to reproduce the timing
};

struct Record {
  int schema_version = kRecordSchemaVersion;  // as read; record_to_json writes the current one
  std::string problem;
  std::string dtype = "float32";  // the dtype [VAR] took (absent in older records: float32)
  std::string solution_path;   // "solutions/<slug>/<file>.cu" for a submission
  std::string solution_hash;   // content hash of the .cu
  std::string author;          // the display name, from the submission's header
  std::string account;         // the GitHub login it is ranked under, stamped by CI; empty when made elsewhere
  std::string problem_definition;  // SHA-256 of the problem's `show --json`, stamped by CI; may be empty
  std::string title;
  std::string verdict;         // ACCEPTED, WRONG_ANSWER, ...
  std::string message;         // why, when not accepted
  std::string timing;          // kTimingGpu or kTimingCpuEmulated
  DeviceProperties device;
  std::string judge_version;   // git commit, or a content hash of the judge binary
  uint64_t seed = 0;
  std::string output_fill = kOutputFillZeros;  // kOutputFillZeros or kOutputFillPoison (absent in older records: zeros)
  std::string created;         // ISO 8601 UTC, "2026-11-23T09:30:00Z"
  std::string check_tier;
  std::string bench_tier;      // the tier of `cases`; empty when not benchmarked
  std::vector<CaseTiming> cases;  // benchmark cases; empty when not benchmarked
  double geomean_ms = 0;
  double geomean_gflops = 0;
};

nlohmann::json record_to_json(const Record& record);

// A record that cannot be used; the message names the field and the fault
// (the caller adds the file).
class RecordError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Checks and converts; throws RecordError. Beyond types and bounds it checks
// what a forged record would get wrong: the verdict is one the judge gives,
// `created` is an ISO 8601 UTC time, the judge version is a commit, a binary
// hash or a plain version token, the account a GitHub login, the solution
// hash and problem definition SHA-256 digests.
Record record_from_json(const nlohmann::json& json);

// Reads, parses and checks one file (size-capped); throws RecordError.
Record read_record(const std::filesystem::path& file);

struct LoadedRecord {
  std::string file;  // name within the results folder
  std::string id;    // the file's stem: "<slug>--<hash>"
  Record record;
};

struct SkippedRecord {
  std::string file;
  std::string reason;
};

struct RecordFolder {
  std::vector<LoadedRecord> records;  // sorted by file name
  std::vector<SkippedRecord> skipped;
};

// Every *.json file directly in `dir` (other files are ignored). Throws
// std::runtime_error only when `dir` itself cannot be listed.
RecordFolder load_record_folder(const std::filesystem::path& dir);

// Writes `record` into `dir` (created if needed) as
// "<problem>--<content_hash of its text>.json" (content_hash.h). Never
// replaces an existing file: an existing file of that name holds the same
// content. Returns the path. Throws std::runtime_error on I/O errors.
std::filesystem::path write_record(const std::filesystem::path& dir, const Record& record);

// The current time as ISO 8601 UTC, "2026-11-23T09:30:00Z".
std::string utc_now();

}  // namespace judge
