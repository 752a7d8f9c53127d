// A seeded mutation fuzzer over statement.md and cases.yaml.
//
// Starting from every statement and case file in testdata/ and a few
// hostile shapes (a 30,000-character name, deep nesting, long runs, alias
// chains), it mutates bytes, lines and YAML tokens and feeds each result to
// the parsers. Every input must end in a parsed problem or a ProblemError:
// any other exception is a failure, a crash kills the test, and one input
// taking longer than kSlowInput is reported as a hang. The loop runs for a
// fixed time budget (FUZZ_SECONDS, default 8 per parser) with a fixed seed
// (FUZZ_SEED), so a failure is reproducible: the failing input is written to
// the test's undeclared outputs.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>

#include "judge/common/errors.h"
#include "judge/problem/cases.h"
#include "judge/problem/statement.h"

namespace judge {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr auto kSlowInput = std::chrono::seconds(2);

fs::path testdata() { return fs::path(std::getenv("TEST_SRCDIR")) / "judge/judge/problem/testdata"; }

double budget_seconds() {
  const char* text = std::getenv("FUZZ_SECONDS");
  return text ? std::atof(text) : 8.0;
}

uint64_t fuzz_seed() {
  const char* text = std::getenv("FUZZ_SEED");
  return text ? std::strtoull(text, nullptr, 10) : 20261123;
}

std::string read(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> files_with_extension(const std::string& extension) {
  std::vector<std::string> found;
  for (const auto& entry : fs::recursive_directory_iterator(testdata())) {
    if (entry.path().extension() == extension) found.push_back(read(entry.path()));
  }
  std::sort(found.begin(), found.end());  // directory order is not stable
  return found;
}

// Pieces that exercise YAML's corners and the parsers' bounds.
const std::vector<std::string> kTokens = {
    "[", "]", "{", "}", ": ", "- ", ",", "&a ", "*a", "<<: *a\n", "!!str ", "!!int ", "!!binary ", "? ", "|\n",
    ">\n", "'", "\"", "\\", "#", "\n", "\r\n", "\t", std::string(1, '\0'), "---\n", "...\n", "%YAML 1.2\n",
    "\xEF\xBB\xBF", "\xC3\x28", "[VAR]", "size_t", "int", "__half", "pointer: \"true\"", "const: \"false\"",
    "type: ", "name: ", "9223372036854775808", "-1", "1e400", "nan", ".inf", "0x10", "+", "true", "~", "null"};

class Mutator {
 public:
  explicit Mutator(uint64_t seed) : m_random(seed) {}

  std::string mutate(const std::vector<std::string>& corpus) {
    std::string text = corpus[pick(corpus.size())];
    const int rounds = 1 + static_cast<int>(pick(4));
    for (int round = 0; round < rounds; ++round) mutate_once(text, corpus);
    return text;
  }

 private:
  std::size_t pick(std::size_t n) { return n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(m_random); }

  void mutate_once(std::string& text, const std::vector<std::string>& corpus) {
    const std::size_t at = pick(text.size() + 1);
    switch (pick(8)) {
      case 0:  // flip a byte
        if (!text.empty()) text[std::min(at, text.size() - 1)] ^= static_cast<char>(1 + pick(255));
        break;
      case 1:  // delete a range
        text.erase(at, pick(64));
        break;
      case 2:  // insert a token
        text.insert(at, kTokens[pick(kTokens.size())]);
        break;
      case 3: {  // a long run of one character or token
        const std::string unit = pick(2) ? std::string(1, "a_[{-: 9\n"[pick(9)]) : kTokens[pick(kTokens.size())];
        const std::size_t repeat = pick(2) ? 1 + pick(64) : 1 + pick(40000);
        std::string run;
        for (std::size_t i = 0; i < repeat && run.size() < 200000; ++i) run += unit;
        text.insert(at, run);
        break;
      }
      case 4: {  // duplicate a range
        const std::string piece = text.substr(at, pick(256));
        text.insert(pick(text.size() + 1), piece);
        break;
      }
      case 5: {  // splice a line from another file
        const std::string& other = corpus[pick(corpus.size())];
        const std::size_t from = other.find('\n', pick(other.size() + 1));
        if (from != std::string::npos) {
          const std::size_t to = other.find('\n', from + 1);
          text.insert(at, other.substr(from, to == std::string::npos ? std::string::npos : to - from));
        }
        break;
      }
      case 6:  // truncate
        text.resize(at);
        break;
      default: {  // replace a value after ': ' with a token
        const std::size_t colon = text.find(": ", at);
        if (colon != std::string::npos) {
          const std::size_t end = text.find_first_of(",}\n", colon + 2);
          text.replace(colon + 2, (end == std::string::npos ? text.size() : end) - colon - 2,
                       kTokens[pick(kTokens.size())]);
        }
        break;
      }
    }
  }

  std::mt19937_64 m_random;
};

void save_failing_input(const std::string& name, const std::string& text) {
  const char* dir = std::getenv("TEST_UNDECLARED_OUTPUTS_DIR");
  if (!dir) return;
  std::ofstream(fs::path(dir) / name, std::ios::binary) << text;
}

// Runs `parse` on mutations of `corpus` for the time budget. Returns the
// number of inputs tried; adds a failure for each bad outcome.
template <typename Parse>
int fuzz(const std::string& what, const std::vector<std::string>& corpus, uint64_t seed, Parse parse) {
  Mutator mutator(seed);
  const auto deadline = Clock::now() + std::chrono::duration<double>(budget_seconds());
  int tried = 0, refused = 0, failures = 0;
  for (const std::string& text : corpus) {  // the unmutated seeds first
    try {
      parse(text);
    } catch (const ProblemError&) {
    }
  }
  while (Clock::now() < deadline && failures < 5) {
    const std::string text = mutator.mutate(corpus);
    ++tried;
    const auto start = Clock::now();
    try {
      parse(text);
    } catch (const ProblemError&) {
      ++refused;
    } catch (const std::exception& error) {
      ++failures;
      save_failing_input(what + "-" + std::to_string(tried), text);
      ADD_FAILURE() << what << " input " << tried << " (seed " << seed << "): not a ProblemError but "
                    << typeid(error).name() << ": " << error.what();
    }
    if (Clock::now() - start > kSlowInput) {
      ++failures;
      save_failing_input(what + "-slow-" + std::to_string(tried), text);
      ADD_FAILURE() << what << " input " << tried << " (seed " << seed << ", " << text.size()
                    << " bytes) took more than " << kSlowInput.count() << " s";
    }
  }
  std::cout << what << ": " << tried << " mutated inputs, " << refused << " refused with a ProblemError, "
            << tried - refused - failures << " accepted, " << failures << " failures\n";
  return tried;
}

std::string hostile_statement(const std::string& name) {
  return "---\nslug: s\ntitle: T\nparameters:\n  - {name: " + name +
         ", type: \"[VAR]\", pointer: true, const: false}\n---\n";
}

TEST(ParserFuzz, HostileStatementsAreProblemErrors) {
  const std::vector<std::string> hostile = {
      hostile_statement(std::string(30000, 'a')),
      hostile_statement(std::string(100000, '[')),
      hostile_statement(std::string(100000, '{')),
      "---\nslug: " + std::string(30000, 'a') + "\ntitle: T\nparameters: []\n---\n",
      "---\nslug: " + std::string(30000, '-') + "\ntitle: T\nparameters: []\n---\n",
      "---\n" + std::string(200000, '-') + "\n---\n",
      "---\nslug: s\ntitle: T\nparameters:\n" + [] {
        std::string list;
        for (int i = 0; i < 5000; ++i) list += "  - {name: p" + std::to_string(i) + ", type: int, pointer: false}\n";
        return list;
      }() + "---\n",
      std::string(2 << 20, 'x'),
  };
  for (const std::string& text : hostile) {
    EXPECT_THROW(parse_statement(text, "hostile.md"), ProblemError) << text.substr(0, 80);
  }
}

TEST(ParserFuzz, MutatedStatementsNeverCrash) {
  std::vector<std::string> corpus = files_with_extension(".md");
  ASSERT_GE(corpus.size(), 20u);
  corpus.push_back(hostile_statement(std::string(30000, 'a')));
  const int tried = fuzz("statement.md", corpus, fuzz_seed(), [](const std::string& text) {
    parse_statement(text, "fuzzed.md");
  });
  EXPECT_GT(tried, 100) << "the budget should allow a useful number of inputs";
}

TEST(ParserFuzz, MutatedCaseFilesNeverCrash) {
  const Statement statement = load_statement(testdata() / "problems/scale-rows/statement.md");
  const std::unique_ptr<ProblemDefinition> definition = make_definition("scale-rows");
  ASSERT_NE(definition, nullptr);
  std::vector<std::string> corpus = files_with_extension(".yaml");
  ASSERT_GE(corpus.size(), 20u);
  corpus.push_back("tiers:\n  sample:\n    - name: " + std::string(30000, 'a') + "\n      params: {rows: " +
                   std::string(30000, '9') + "}\n");
  const int tried = fuzz("cases.yaml", corpus, fuzz_seed() + 1, [&](const std::string& text) {
    parse_cases(text, "fuzzed.yaml", statement.signature, *definition);
  });
  EXPECT_GT(tried, 100);
}

}  // namespace
}  // namespace judge
