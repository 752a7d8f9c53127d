// Runs the judge binary, as a user would, on every bundled solution listed in
// solutions/<slug>/expected.yaml and asserts the verdict written there: the
// defaults are accepted, and each known-wrong, crashing, hanging or
// non-compiling solution gets its own verdict with a message a user can act
// on. This is the judge's end-to-end test on the CPU backend
// (JUDGE_TEST_BACKEND=cuda: on the GPU).
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "judge/pipeline/subprocess.h"
#include "judge/pipeline/test_backend.h"
#include "judge/pipeline/verdict.h"
#include "judge/problem/scalar_type.h"

namespace judge {
namespace {

namespace fs = std::filesystem;

struct BundledSolution {
  std::string problem;
  fs::path file;
  std::string expected_verdict;
};

fs::path runfiles() {
  const char* dir = std::getenv("TEST_SRCDIR");
  return fs::path(dir ? dir : ".") / "judge";
}

// gtest names a failing case's parameter with this, not its bytes.
void PrintTo(const BundledSolution& solution, std::ostream* out) { *out << solution.file.string(); }

std::vector<BundledSolution> discover() {
  std::vector<BundledSolution> found;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(runfiles() / "solutions", error)) {
    const fs::path expectations = entry.path() / "expected.yaml";
    if (!fs::exists(expectations)) continue;
    for (const auto& item : YAML::LoadFile(expectations.string())) {
      found.push_back({entry.path().filename().string(), entry.path() / item.first.as<std::string>(),
                       item.second.as<std::string>()});
    }
  }
  std::sort(found.begin(), found.end(),
            [](const auto& a, const auto& b) { return a.file.string() < b.file.string(); });
  return found;
}

std::string test_name(const ::testing::TestParamInfo<BundledSolution>& info) {
  std::string name = info.param.problem + "_" + info.param.file.stem().string();
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

// A file named <dtype>_*.cu (float16_default.cu) is judged with --dtype <dtype>.
std::vector<std::string> dtype_flags(const fs::path& file) {
  const std::optional<ScalarType> dtype = dtype_of_file_name(file.filename().string());
  if (!dtype) return {};
  return {"--dtype", dtype_name(*dtype)};
}

class BundledSolutionTest : public ::testing::TestWithParam<BundledSolution> {};

TEST_P(BundledSolutionTest, GetsItsExpectedVerdict) {
  const BundledSolution& solution = GetParam();
  const Verdict expected = parse_verdict(solution.expected_verdict);
  const fs::path tmp = std::getenv("TEST_TMPDIR") ? std::getenv("TEST_TMPDIR") : "/tmp";
  const fs::path report = tmp / (test_name({solution, 0}) + ".json");
  std::vector<std::string> command = {(runfiles() / "judge/judge").string(), "--problem", solution.problem,
                                      // (the runfiles entry is a link, which the judge refuses to follow)
                                      "--solution", fs::canonical(solution.file).string(), "--time-limit", "20",
                                      "--cache-dir", (tmp / "cache").string(), "--json", report.string()};
  const std::vector<std::string> backend = test_backend_flags({});
  command.insert(command.end(), backend.begin(), backend.end());
  const std::vector<std::string> dtype = dtype_flags(solution.file);
  command.insert(command.end(), dtype.begin(), dtype.end());
  CommandResult result = run_command(command, 900, {}, 1 << 20);
  ASSERT_TRUE(result.status.exited) << result.status.describe() << "\n" << result.output;
  EXPECT_EQ(result.status.code, verdict_exit_code(expected)) << result.output;

  std::ifstream in(report);
  ASSERT_TRUE(in) << "no JSON report\n" << result.output;
  const nlohmann::json json = nlohmann::json::parse(in);
  EXPECT_EQ(json.at("verdict").get<std::string>(), solution.expected_verdict) << result.output;
  EXPECT_EQ(json.at("backend").get<std::string>(), test_backend());
  if (!dtype.empty()) EXPECT_EQ(json.at("dtype").get<std::string>(), dtype[1]);
  else EXPECT_TRUE(json.at("dtype").is_string());
  if (expected == Verdict::Accepted) {
    EXPECT_FALSE(json.contains("message")) << json.dump(2);
    // The CPU backend checks in natural and shuffled thread order; a GPU in its own.
    const std::size_t passes = test_backend() == "cpu" ? 2 : 1;
    EXPECT_GE(json.at("checks").size(), 6 * passes) << "a pass over at least 6 cases per thread order";
    // The runner's clock around the calls alone: within the judge's round trips.
    for (const nlohmann::json& check : json.at("checks")) {
      EXPECT_GE(check.at("call_seconds").get<double>(), 0.0) << check.dump();
      EXPECT_LE(check.at("call_seconds").get<double>(), check.at("seconds").get<double>()) << check.dump();
    }
  } else {
    ASSERT_TRUE(json.contains("message"));
    EXPECT_FALSE(json.at("message").get<std::string>().empty());
  }
  std::cout << "judge output for " << solution.file.filename() << ":\n" << result.output << std::endl;
}

INSTANTIATE_TEST_SUITE_P(Solutions, BundledSolutionTest, ::testing::ValuesIn(discover()), test_name);

// A problem's family: the first of its statement's tags ("matmul",
// "reduction", ...).
std::string family_of(const std::string& problem) {
  std::ifstream statement(runfiles() / "problems" / problem / "statement.md");
  for (std::string line; std::getline(statement, line);) {
    if (line.rfind("tags:", 0) != 0) continue;
    const YAML::Node tags = YAML::Load(line.substr(5));
    if (tags.IsSequence() && tags.size() > 0) return tags[0].as<std::string>();
  }
  return "";
}

// Every problem has an ACCEPTED default, and every family a known-wrong
// solution at least (the perturbed, unwritten and shifted outputs of
// problems/testing:wrong_answer_test cover each problem on top).
TEST(BundledSolutions, EveryProblemHasADefaultAndEveryFamilyAWrongOne) {
  std::map<std::string, int> defaults, wrong_per_family;
  for (const BundledSolution& solution : discover()) {
    if (solution.file.filename() == "default.cu") {
      ++defaults[solution.problem];
      EXPECT_EQ(solution.expected_verdict, "ACCEPTED");
    } else if (solution.expected_verdict == "WRONG_ANSWER") {
      ++wrong_per_family[family_of(solution.problem)];
    }
  }
  EXPECT_GE(defaults.size(), 5u);
  for (const auto& [problem, count] : defaults) {
    const std::string family = family_of(problem);
    EXPECT_FALSE(family.empty()) << problem << ": its statement has no tags";
    EXPECT_GE(wrong_per_family[family], 1) << problem << ": no known-wrong solution in its family '" << family << "'";
  }
}

// The --events stream: one JSON object per line, stages in order, with the
// statuses Tensara's clients know; timing on the CPU backend is labelled so.
TEST(JudgeEvents, StreamTheStagesInOrder) {
  const fs::path tmp = std::getenv("TEST_TMPDIR") ? std::getenv("TEST_TMPDIR") : "/tmp";
  const std::string problem = "conv-transpose2d-softmax-biasadd-scaling-sigmoid";
  CommandResult result =
      run_command({"/bin/sh", "-c",
                   (runfiles() / "judge/judge").string() + " --problem " + problem +
                       " --backend cpu --events --benchmark --bench-tier sample --cache-dir " +
                       (tmp / "cache").string() + " 2>/dev/null"},
                  600, {}, 1 << 20);
  ASSERT_TRUE(result.status.exited && result.status.code == 0) << result.status.describe() << result.output;
  std::vector<std::string> statuses;
  std::istringstream lines(result.output);
  for (std::string line; std::getline(lines, line);) {
    const nlohmann::json event = nlohmann::json::parse(line);  // every line is one JSON object
    statuses.push_back(event.at("status").get<std::string>());
    if (statuses.back() == "BENCHMARK_RESULT") {
      EXPECT_EQ(event.at("timing"), "cpu-emulated");
      EXPECT_GE(event.at("runs").get<int>(), 5);
      EXPECT_GT(event.at("median_ms").get<double>(), 0.0);
    }
  }
  std::vector<std::string> stages;  // statuses without the per-case repeats
  for (const std::string& status : statuses) {
    if (stages.empty() || stages.back() != status) stages.push_back(status);
  }
  const std::vector<std::string> expected = {"COMPILING", "CHECKING", "TEST_RESULT", "CHECKED",
                                             "CHECKING",  "TEST_RESULT", "CHECKED", "BENCHMARKING",
                                             "BENCHMARK_RESULT", "BENCHMARKED", "ACCEPTED"};
  EXPECT_EQ(stages, expected) << result.output;
}

// --backend cuda judges on the GPU when there is one, and otherwise is refused
// with the runtime's reason instead of falling back silently: exit 4, the
// machine's fault (judge/common/exit_codes.h), not a usage error.
TEST(JudgeCommand, ForcedGpuBackendNeedsAGpu) {
  CommandResult probe = run_command({(runfiles() / "harness/runner/runner_cuda").string(), "--probe"}, 120);
  const bool has_gpu = nlohmann::json::parse(probe.output).value("devices", 0) > 0;
  CommandResult result = run_command({(runfiles() / "judge/judge").string(), "--problem",
                                      "conv-transpose2d-softmax-biasadd-scaling-sigmoid", "--backend", "cuda",
                                      "--no-benchmark"},
                                     600);
  EXPECT_TRUE(result.status.exited);
  if (has_gpu) {
    EXPECT_EQ(result.status.code, 0) << result.output;
  } else {
    EXPECT_EQ(result.status.code, 4) << result.output;
    EXPECT_NE(result.output.find("--backend cuda: no usable GPU"), std::string::npos) << result.output;
  }
}

// --check-memory: an out-of-bounds read, which the plain CPU run cannot see
// as such, ends the run with AddressSanitizer's report naming the kernel.
TEST(JudgeCommand, CheckMemoryReportsAnOutOfBoundsReadWithTheKernel) {
  const fs::path tmp = std::getenv("TEST_TMPDIR") ? std::getenv("TEST_TMPDIR") : "/tmp";
  const fs::path source = tmp / "reads_past_input.cu";
  std::ofstream(source) << R"(
#include <cuda_runtime.h>
__global__ void copy_shifted(const float* in, float* out, size_t n) {
  size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = in[i + n + 4096];  // far past the input and the judge's guard bytes
}
extern "C" void solution(const float* input, const float* kernel, float* output, size_t batch_size,
                         size_t in_channels, size_t out_channels, size_t height, size_t width, size_t kernel_h,
                         size_t kernel_w, size_t stride_h, size_t stride_w, size_t padding_h, size_t padding_w,
                         size_t output_padding_h, size_t output_padding_w, size_t dilation_h, size_t dilation_w,
                         size_t groups) {
  size_t n = batch_size * in_channels * height * width;
  copy_shifted<<<(n + 255) / 256, 256>>>(input, output, n);
}
)";
  CommandResult result = run_command({(runfiles() / "judge/judge").string(), "--problem",
                                      "conv-transpose-2d-asym-input-asym-kernel-strided-grouped", "--solution",
                                      source.string(), "--backend", "cpu", "--check-memory", "--cache-dir",
                                      (tmp / "cache").string()},
                                     600, {}, 1 << 20);
  EXPECT_TRUE(result.status.exited);
  EXPECT_EQ(result.status.code, verdict_exit_code(Verdict::RuntimeError)) << result.output;
  EXPECT_NE(result.output.find("cucpu: kernel 'copy_shifted'"), std::string::npos) << result.output;
  EXPECT_NE(result.output.find("AddressSanitizer: heap-buffer-overflow"), std::string::npos) << result.output;
}

// A correct answer that changes its const input, or writes just past it,
// is a wrong answer naming the input: the runner hands back every input it
// does not find as uploaded (harness/runner/protocol.h, kUnchangedInputs).
TEST(JudgeCommand, AChangedInputOrAWritePastItIsAWrongAnswerNamingIt) {
  const fs::path tmp = std::getenv("TEST_TMPDIR") ? std::getenv("TEST_TMPDIR") : "/tmp";
  const std::string kernel = R"(
#include <cuda_runtime.h>
__global__ void leaky_relu(const float* input, float alpha, float* output, size_t count) {
  size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < count) output[i] = input[i] > 0.0f ? input[i] : alpha * input[i];
}
__global__ void touch(float* where) { *where += 1.0f; }
extern "C" void solution(const float* input, float alpha, float* output, size_t n, size_t m) {
  leaky_relu<<<(n * m + 255) / 256, 256>>>(input, alpha, output, n * m);
  touch<<<1, 1>>>(const_cast<float*>(input) + TOUCHED);
}
)";
  for (const auto& [touched, words] : {std::pair<std::string, std::string>{"n * m / 2", "modified the const input 'input'"},
                                       {"n * m", "wrote past the end of 'input'"}}) {
    std::string text = kernel;
    text.replace(text.find("TOUCHED"), 7, touched);
    const fs::path source = tmp / ("touches_input_" + std::to_string(words.size()) + ".cu");
    std::ofstream(source) << text;
    std::vector<std::string> command = {(runfiles() / "judge/judge").string(), "--problem", "leaky-relu",
                                        "--solution", source.string(), "--tier", "sample",
                                        "--cache-dir", (tmp / "cache").string()};
    for (const std::string& flag : test_backend_flags({})) command.push_back(flag);
    CommandResult result = run_command(command, 600, {}, 1 << 20);
    EXPECT_TRUE(result.status.exited);
    EXPECT_EQ(result.status.code, verdict_exit_code(Verdict::WrongAnswer)) << result.output;
    EXPECT_NE(result.output.find(words), std::string::npos) << result.output;
  }
}

// Outputs are zero-filled before each call (Tensara's contract), so adding
// into them is right; --poison-outputs fills them with 0xFF instead and
// names the elements never written.
TEST(JudgeCommand, PoisonOutputsFailsASolutionThatReliesOnTheZeroFill) {
  const fs::path tmp = std::getenv("TEST_TMPDIR") ? std::getenv("TEST_TMPDIR") : "/tmp";
  // The runfiles entry is a link; the judge reads only regular files.
  const std::string solution =
      fs::canonical(runfiles() / "solutions/histogram/atomic_add_into_zeroed_bins.cu").string();
  std::vector<std::string> command = {(runfiles() / "judge/judge").string(), "--problem", "histogram",
                                      "--solution", solution, "--tier", "sample", "--cache-dir",
                                      (tmp / "poison-cache").string()};
  for (const std::string& flag : test_backend_flags({})) command.push_back(flag);
  command.push_back("--poison-outputs");
  CommandResult result = run_command(command, 600, {}, 1 << 20);
  EXPECT_TRUE(result.status.exited);
  EXPECT_EQ(result.status.code, verdict_exit_code(Verdict::WrongAnswer)) << result.output;
  EXPECT_NE(result.output.find("never written"), std::string::npos) << result.output;
}

TEST(JudgeCommand, UnknownProblemListsTheKnownOnes) {
  CommandResult result = run_command({(runfiles() / "judge/judge").string(), "--problem", "no-such-problem"}, 120);
  EXPECT_TRUE(result.status.exited);
  EXPECT_EQ(result.status.code, 2) << result.output;
  EXPECT_NE(result.output.find("conv2d-groupnorm-scale-maxpool-clamp"), std::string::npos) << result.output;
}

}  // namespace
}  // namespace judge
