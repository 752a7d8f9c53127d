#include "judge/importer/tensara_import.h"

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <fstream>
#include <sstream>

#include "judge/common/errors.h"
#include "judge/importer/tensara_def.h"
#include "judge/problem/statement.h"

namespace judge::importer {
namespace {

namespace fs = std::filesystem;

fs::path testdata() { return fs::path(std::getenv("TEST_SRCDIR")) / "judge/judge/importer/testdata"; }

std::string read(const fs::path& file) {
  std::ifstream in(file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write(const fs::path& file, const std::string& text) {
  std::ofstream(file, std::ios::trunc) << text;
}

// A fresh copy of the fixtures, so a test may change them.
fs::path scratch(const std::string& name) {
  fs::path dir = fs::path(std::getenv("TEST_TMPDIR")) / name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy(testdata(), dir / "upstream", fs::copy_options::recursive);
  for (auto& entry : fs::recursive_directory_iterator(dir)) {
    fs::permissions(entry.path(), fs::perms::owner_write, fs::perm_options::add);
  }
  return dir;
}

bool contains(const std::vector<std::string>& notes, const std::string& text) {
  for (const std::string& note : notes) {
    if (note.find(text) != std::string::npos) return true;
  }
  return false;
}

std::string joined(const std::vector<std::string>& notes) {
  std::string text;
  for (const std::string& note : notes) text += note + "\n";
  return text;
}

TEST(TensaraImport, EveryTypeFixtureIsReadFullyIntoAStatementTheJudgeLoads) {
  GeneratedProblem problem = generate_problem(testdata() / "every-type");
  EXPECT_EQ(problem.slug, "every-type");
  EXPECT_TRUE(problem.notes.empty()) << joined(problem.notes);

  Statement statement = parse_statement(problem.statement_md, "statement.md");
  EXPECT_EQ(statement.title, "Every Type");
  EXPECT_EQ(statement.difficulty, "MEDIUM");
  EXPECT_EQ(statement.tags, (std::vector<std::string>{"test-only", "elementwise"}));
  EXPECT_EQ(statement.signature.c_prototype(),
            "extern \"C\" void solution(const float* x, const double* x64, const __half* xh, const __nv_bfloat16* xb, "
            "const int8_t* i8, const int16_t* i16, const int* i32, const int64_t* i64, const uint8_t* u8, "
            "const uint16_t* u16, const unsigned int* u32, const uint64_t* u64, const bool* flags, float* y, "
            "float factor, size_t rows, size_t cols);");
  EXPECT_NE(statement.body.find("Scale each row of `x`"), std::string::npos);

  YAML::Node cases = YAML::Load(problem.cases_yaml);
  EXPECT_DOUBLE_EQ(cases["tolerance"]["rtol"].as<double>(), 1e-4);
  EXPECT_DOUBLE_EQ(cases["tolerance"]["atol"].as<double>(), 2.5e-5);
  ASSERT_EQ(cases["tiers"]["sample"].size(), 1u);
  EXPECT_EQ(cases["tiers"]["sample"][0]["name"].as<std::string>(), "tiny");
  EXPECT_EQ(cases["tiers"]["sample"][0]["params"]["rows"].as<int>(), 2);
  EXPECT_EQ(cases["tiers"]["sample"][0]["params"]["cols"].as<int>(), 3);
  EXPECT_DOUBLE_EQ(cases["tiers"]["sample"][0]["params"]["factor"].as<double>(), 1.5);
  EXPECT_EQ(cases["tiers"]["check"].size(), 0u);
  // 3 sizes x 2 factors, nested loops; names from the f-string; sizes
  // through get_extra_params (rows, cols = test_case["dims"]).
  const YAML::Node full = cases["tiers"]["full"];
  ASSERT_EQ(full.size(), 6u);
  std::vector<std::string> names;
  for (const YAML::Node& c : full) names.push_back(c["name"].as<std::string>());
  EXPECT_EQ(names, (std::vector<std::string>{"square-1K-factor-0.5", "square-1K-factor-2.0", "tall-factor-0.5",
                                             "tall-factor-2.0", "wide-factor-0.5", "wide-factor-2.0"}));
  EXPECT_EQ(full[0]["params"]["rows"].as<int64_t>(), 1024);  // 2**10
  EXPECT_EQ(full[2]["params"]["rows"].as<int64_t>(), 1048576);  // 1024 * 1024
  EXPECT_EQ(full[5]["params"]["cols"].as<int64_t>(), 16);  // 4 * 4
  EXPECT_DOUBLE_EQ(full[5]["params"]["factor"].as<double>(), 2.0);
  EXPECT_NE(problem.cases_yaml.find("# upstream \"square 1K, factor=0.5\""), std::string::npos) << problem.cases_yaml;
  EXPECT_NE(problem.cases_yaml.find("# upstream's inputs: "), std::string::npos) << problem.cases_yaml;
}

TEST(TensaraImport, UnreadableConstructsAreTodosNamingFileAndLine) {
  const fs::path folder = testdata() / "unreadable";
  GeneratedProblem problem = generate_problem(folder);
  const std::string def_py = (folder / "def.py").string();
  // The table is a comprehension (line 17, used by the loop on line 19);
  // the tolerance is an attribute (line 24).
  EXPECT_TRUE(contains(problem.notes, def_py + ":17: the cases are not read: 'sizes' (the case loop on line 19 "
                                                "iterates over it) is not a literal: a comprehension is not a literal"))
      << joined(problem.notes);
  EXPECT_TRUE(contains(problem.notes, def_py + ":24: rtol= is not a literal number: an attribute ('self.tolerance') "
                                                "is not a literal"))
      << joined(problem.notes);
  EXPECT_EQ(problem.notes.size(), 3u) << joined(problem.notes);
  // The same, relative to the folder, as TODOs in cases.yaml; which still parses.
  EXPECT_NE(problem.cases_yaml.find("# TODO: def.py:17: the cases are not read"), std::string::npos);
  EXPECT_NE(problem.cases_yaml.find("full: []    # TODO"), std::string::npos);
  EXPECT_EQ(problem.cases_yaml.find(folder.string()), std::string::npos) << "no absolute paths in generated files";
  YAML::Node cases = YAML::Load(problem.cases_yaml);
  EXPECT_FALSE(cases["tolerance"]);
  // The parameters were literal: the statement loads.
  EXPECT_EQ(parse_statement(problem.statement_md, "s.md").signature.c_prototype(),
            "extern \"C\" void solution(const float* x, float* y, size_t n);");
}

TEST(TensaraImport, OldFormatTakesParametersFromTheFrontMatter) {
  GeneratedProblem problem = generate_problem(testdata() / "old-format");
  EXPECT_TRUE(problem.notes.empty()) << joined(problem.notes);
  Statement statement = parse_statement(problem.statement_md, "s.md");
  EXPECT_EQ(statement.signature.c_prototype(), "extern \"C\" void solution(const float* a, float* b, int n);");
  EXPECT_EQ(statement.difficulty, "HARD");
  YAML::Node cases = YAML::Load(problem.cases_yaml);
  ASSERT_EQ(cases["tiers"]["full"].size(), 1u);  // `return [{...}]`
  EXPECT_EQ(cases["tiers"]["full"][0]["params"]["n"].as<int>(), 100);
  EXPECT_DOUBLE_EQ(cases["tolerance"]["rtol"].as<double>(), 1e-5);
}

// Upstream's `mse-loss` folder says `slug: "mse_loss"`: the folder's name
// is the problem's address, so it wins, with a note naming the line.
TEST(TensaraImport, TheFolderNameWinsOverADifferentFrontMatterSlug) {
  const fs::path dir = scratch("renamed");
  fs::rename(dir / "upstream" / "old-format", dir / "upstream" / "old-format-renamed");
  GeneratedProblem problem = generate_problem(dir / "upstream" / "old-format-renamed");
  EXPECT_EQ(problem.slug, "old-format-renamed");
  EXPECT_TRUE(contains(problem.notes, "problem.md:2: slug 'old-format' differs from the folder's name"))
      << joined(problem.notes);
  EXPECT_EQ(parse_statement(problem.statement_md, "s.md").slug, "old-format-renamed");
}

TEST(TensaraImport, CasesBuiltByAMethodOfTheClass) {
  GeneratedProblem problem = generate_problem(testdata() / "helper-method");
  EXPECT_TRUE(problem.notes.empty()) << joined(problem.notes);
  YAML::Node cases = YAML::Load(problem.cases_yaml);
  const YAML::Node sample = cases["tiers"]["sample"][0];
  EXPECT_EQ(sample["name"].as<std::string>(), "sample");
  EXPECT_EQ(sample["params"]["k"].as<int>(), 8);  // a keyword argument
  const YAML::Node full = cases["tiers"]["full"];
  ASSERT_EQ(full.size(), 3u);
  EXPECT_EQ(full[1]["name"].as<std::string>(), "wide-k");
  EXPECT_EQ(full[1]["params"]["m"].as<int>(), 1024);
  EXPECT_EQ(full[1]["params"]["n"].as<int>(), 512);
  EXPECT_EQ(full[1]["params"]["k"].as<int>(), 64);  // the default, TILE * 4 from module level
  EXPECT_EQ(full[2]["params"]["m"].as<int>(), 16);
}

TEST(TensaraImport, DefPyParametersWinOverAStaleFrontMatter) {
  GeneratedProblem problem = generate_problem(testdata() / "both-formats");
  ASSERT_EQ(problem.notes.size(), 1u) << joined(problem.notes);
  EXPECT_NE(problem.notes[0].find("both-formats/problem.md:8: the front matter's parameters differ from def.py's"),
            std::string::npos)
      << problem.notes[0];
  EXPECT_EQ(parse_statement(problem.statement_md, "s.md").signature.c_prototype(),
            "extern \"C\" void solution(const float* x, float* y, size_t n);");
}

TEST(TensaraImport, UnknownTypeIsATodoInTheFrontMatter) {
  GeneratedProblem problem = generate_problem(testdata() / "unknown-type");
  ASSERT_EQ(problem.notes.size(), 1u) << joined(problem.notes);
  EXPECT_NE(problem.notes[0].find("def.py:4: parameter 'scale' has type 'float4', which the judge does not know"),
            std::string::npos)
      << problem.notes[0];
  EXPECT_NE(problem.statement_md.find("---\n# generated by judge import-tensara"), std::string::npos);
  EXPECT_NE(problem.statement_md.find("# TODO: def.py:4: parameter 'scale' has type 'float4'"), std::string::npos);
  EXPECT_THROW(parse_statement(problem.statement_md, "s.md"), judge::ProblemError);  // until a person fixes the type
  // is_exact: the outputs must be equal.
  YAML::Node cases = YAML::Load(problem.cases_yaml);
  EXPECT_EQ(cases["tolerance"]["rtol"].as<double>(), 0);
  EXPECT_EQ(cases["tolerance"]["atol"].as<double>(), 0);
}

TEST(TensaraImport, NoParametersAnywhereSkipsTheProblemNamingTheLine) {
  try {
    generate_problem(testdata() / "no-parameters");
    FAIL() << "expected SkipProblem";
  } catch (const SkipProblem& skip) {
    EXPECT_NE(std::string(skip.what()).find("no-parameters/def.py:6: parameters: a call ('make_parameters(...)') is "
                                            "not a literal"),
              std::string::npos)
        << skip.what();
  }
  EXPECT_THROW(generate_problem(testdata() / "does-not-exist"), SkipProblem);
}

std::map<std::string, ProblemImport::Outcome> outcomes(const std::vector<ProblemImport>& imports) {
  std::map<std::string, ProblemImport::Outcome> map;
  for (const ProblemImport& result : imports) map[result.source] = result.outcome;
  return map;
}

TEST(TensaraImport, ASecondRunChangesNothingAndHandEditsAreKeptUnlessForced) {
  const fs::path dir = scratch("idempotence");
  const fs::path out = dir / "problems";
  using Outcome = ProblemImport::Outcome;
  auto first = outcomes(import_tensara(dir / "upstream", out, false));
  EXPECT_EQ(first["every-type"], Outcome::kWritten);
  EXPECT_EQ(first["unreadable"], Outcome::kWritten);
  EXPECT_EQ(first["no-parameters"], Outcome::kSkipped);
  const std::string statement = read(out / "every-type/statement.md");
  const std::string cases = read(out / "every-type/cases.yaml");

  auto second = outcomes(import_tensara(dir / "upstream", out, false));
  for (const char* slug : {"every-type", "unreadable", "old-format", "unknown-type", "helper-method"}) {
    EXPECT_EQ(second[slug], Outcome::kUnchanged) << slug;
  }
  EXPECT_EQ(read(out / "every-type/statement.md"), statement);

  // A hand edit is kept (and reported), whatever upstream does.
  const std::string edited = cases + "    - name: my-own-case\n      params: {factor: 1, rows: 1, cols: 1}\n";
  write(out / "every-type/cases.yaml", edited);
  auto third = outcomes(import_tensara(dir / "upstream", out, false));
  EXPECT_EQ(third["every-type"], Outcome::kKept);
  EXPECT_EQ(read(out / "every-type/cases.yaml"), edited);
  // A file without the marker (written by a person) is kept too.
  write(out / "old-format/statement.md", "---\nslug: \"old-format\"\n---\nmine\n");
  EXPECT_EQ(outcomes(import_tensara(dir / "upstream/old-format", out, false))["old-format"], Outcome::kKept);
  EXPECT_EQ(read(out / "old-format/statement.md"), "---\nslug: \"old-format\"\n---\nmine\n");

  // An upstream change reaches files nobody edited.
  const fs::path unreadable_def = dir / "upstream/unreadable/def.py";
  std::string def = read(unreadable_def);
  def.replace(def.find("[2**k for k in range(10, 14)]"), 29, "[1024, 2048]");
  write(unreadable_def, def);
  auto fourth = import_tensara(dir / "upstream/unreadable", out, false);
  ASSERT_EQ(fourth.size(), 1u);
  EXPECT_EQ(fourth[0].outcome, Outcome::kWritten);
  EXPECT_EQ(fourth[0].detail, "cases.yaml");  // the statement did not change
  EXPECT_EQ(YAML::LoadFile((out / "unreadable/cases.yaml").string())["tiers"]["full"].size(), 2u);

  // --force overwrites the hand edits with the generated text.
  auto forced = outcomes(import_tensara(dir / "upstream", out, true));
  EXPECT_EQ(forced["every-type"], Outcome::kWritten);
  EXPECT_EQ(forced["old-format"], Outcome::kWritten);
  EXPECT_EQ(forced["unreadable"], Outcome::kUnchanged);
  EXPECT_EQ(read(out / "every-type/cases.yaml"), cases);
  EXPECT_EQ(outcomes(import_tensara(dir / "upstream", out, false))["every-type"], Outcome::kUnchanged);
}

TEST(TensaraImport, SourceMustBeAProblemFolderOrAFolderOfThem) {
  const fs::path dir = scratch("source");
  fs::create_directories(dir / "empty");
  EXPECT_THROW(import_tensara(dir / "empty", dir / "out", false), std::invalid_argument);
  EXPECT_THROW(import_tensara(dir / "missing", dir / "out", false), std::invalid_argument);
  auto one = import_tensara(dir / "upstream/every-type", dir / "out", false);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].slug, "every-type");
  EXPECT_TRUE(fs::exists(dir / "out/every-type/statement.md"));
}

}  // namespace
}  // namespace judge::importer
