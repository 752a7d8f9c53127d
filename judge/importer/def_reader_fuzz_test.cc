// A seeded mutation fuzzer over the def.py reader: def.py files are input
// from outside the judge, and the importer must end every one of them in a
// TensaraDefinition (with findings), never a crash, an exception or a hang.
// Starting from the fixtures in testdata/ and a few hostile shapes (deep
// brackets, long nesting of targets and loops, huge numbers, a dict of many
// keys), it deletes, duplicates and inserts bytes and lines. Budget
// FUZZ_SECONDS (default 5), seed FUZZ_SEED; a failing input is written to
// the test's undeclared outputs.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>

#include "judge/importer/tensara_def.h"

namespace judge::importer {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr auto kSlowInput = std::chrono::seconds(2);

std::vector<std::string> corpus() {
  std::vector<std::string> inputs;
  const fs::path testdata = fs::path(std::getenv("TEST_SRCDIR")) / "judge/judge/importer/testdata";
  for (const auto& entry : fs::recursive_directory_iterator(testdata)) {
    if (entry.path().extension() != ".py") continue;
    std::ifstream in(entry.path());
    std::ostringstream text;
    text << in.rdbuf();
    inputs.push_back(text.str());
  }
  inputs.push_back("parameters = " + std::string(5000, '[') + std::string(5000, ']') + "\n");
  inputs.push_back("x = " + std::string(5000, '-') + "1\n");
  std::string targets = "def generate_test_cases(self):\n    t = [" ;
  targets += "]\n    for " + std::string(2000, '(') + "a" + std::string(2000, ')') + " in t:\n        c.append({'n': a})\n";
  inputs.push_back(targets);
  std::string loops = "def generate_test_cases(self):\n    t = [1, 2]\n";
  for (int depth = 1; depth < 300; ++depth) loops += std::string(depth * 1, ' ') + " for a" + std::to_string(depth) + " in t:\n";
  loops += std::string(301, ' ') + "c.append({'name': 'x'})\n";
  inputs.push_back(loops);
  inputs.push_back("x = 99999999999999999999999999 ** 99999 // 0 % 1e999999\n");
  std::string dict = "parameters = [{";
  for (int i = 0; i < 20000; ++i) dict += "'k" + std::to_string(i) + "': " + std::to_string(i) + ",";
  inputs.push_back(dict + "}]\n");
  inputs.push_back("def verify_result(self):\n    f(rtol=(((((((, atol=\n");
  inputs.push_back("def get_extra_params(self, c):\n    return [c['a'][" + std::string(3000, '0') + "]]\n");
  return inputs;
}

std::string mutate(std::string text, std::mt19937_64& random) {
  const int edits = 1 + static_cast<int>(random() % 8);
  static const std::vector<std::string> kPieces = {"(", ")", "[", "]", "{", "}", ",", ":", "=", "**", "'", "\"",
                                                   "\"\"\"", "f\"{", "}", "\\", "\n", "    ", "for ", " in ", "def ",
                                                   "return ", "lambda ", "1e308", "-", "9223372036854775807", "#"};
  for (int e = 0; e < edits; ++e) {
    const std::size_t at = text.empty() ? 0 : random() % (text.size() + 1);
    switch (random() % 5) {
      case 0:  // delete a run
        if (!text.empty() && at < text.size()) text.erase(at, 1 + random() % 16);
        break;
      case 1:  // insert a piece of Python syntax
        text.insert(at, kPieces[random() % kPieces.size()]);
        break;
      case 2:  // a random byte
        text.insert(at, 1, static_cast<char>(random() % 256));
        break;
      case 3: {  // duplicate a line
        const std::size_t start = text.rfind('\n', at == 0 ? 0 : at - 1);
        const std::size_t from = start == std::string::npos ? 0 : start + 1;
        const std::size_t end = text.find('\n', from);
        const std::string line = text.substr(from, end == std::string::npos ? std::string::npos : end - from + 1);
        text.insert(from, line);
        break;
      }
      default:  // swap two bytes
        if (text.size() > 1) std::swap(text[at % text.size()], text[random() % text.size()]);
        break;
    }
  }
  return text;
}

void save_failing_input(const std::string& input) {
  if (const char* dir = std::getenv("TEST_UNDECLARED_OUTPUTS_DIR")) {
    std::ofstream(fs::path(dir) / "failing_def.py", std::ios::binary) << input;
  }
}

TEST(DefReaderFuzz, EveryInputEndsInADefinition) {
  const double budget = std::getenv("FUZZ_SECONDS") ? std::atof(std::getenv("FUZZ_SECONDS")) : 5.0;
  std::mt19937_64 random(std::getenv("FUZZ_SEED") ? std::strtoull(std::getenv("FUZZ_SEED"), nullptr, 10) : 20261125);
  const std::vector<std::string> seeds = corpus();
  ASSERT_GE(seeds.size(), 5u);
  const auto deadline = Clock::now() + std::chrono::duration<double>(budget);
  long inputs = 0;
  for (std::size_t i = 0; Clock::now() < deadline || i < seeds.size(); ++i) {
    const std::string input = i < seeds.size() ? seeds[i] : mutate(seeds[random() % seeds.size()], random);
    const auto start = Clock::now();
    try {
      TensaraDefinition definition = read_tensara_def(input);
      for (const Finding& finding : definition.findings) ASSERT_FALSE(finding.message.empty());
    } catch (const std::exception& error) {
      save_failing_input(input);
      FAIL() << "input " << i << " threw: " << error.what();
    }
    if (std::getenv("FUZZ_TIMES") && i < seeds.size()) {
      std::cout << "seed " << i << ": " << std::chrono::duration<double>(Clock::now() - start).count() << " s\n";
    }
    if (Clock::now() - start > kSlowInput) {
      save_failing_input(input);
      FAIL() << "input " << i << " took more than 2 s";
    }
    ++inputs;
  }
  std::cout << inputs << " inputs read\n";
}

}  // namespace
}  // namespace judge::importer
