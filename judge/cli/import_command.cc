// `judge import-tensara <folder> [--out problems/] [--force]`: turns Tensara
// problem folders into statement.md and a cases.yaml skeleton
// (judge/importer), and reports per problem: written, unchanged, kept
// (hand-edited) or skipped, and whether def.py was read fully. Exits 3 when
// a problem was skipped. With --facts FILE it writes upstream's facts as a
// table instead (judge/importer/upstream_facts.h).
#include <fstream>
#include <iostream>

#include "judge/cli/command.h"
#include "judge/cli/options.h"
#include "judge/common/errors.h"
#include "judge/common/paths.h"
#include "judge/importer/tensara_import.h"
#include "judge/importer/upstream_facts.h"

namespace judge {
namespace {

using importer::ProblemImport;

int run_import(const CommandLine& line) {
  cxxopts::Options options("judge import-tensara",
                           "Import Tensara problem folders (problem.md + def.py, read as data) as statement.md and a "
                           "cases.yaml skeleton.\nusage: judge import-tensara <folder> [--out problems/] [--force]");
  options.add_options()("folder", "a Tensara problem folder, or a folder of them", cxxopts::value<std::string>())(
      "out", "where the problem folders go", cxxopts::value<std::string>()->default_value("problems"))(
      "force", "overwrite files edited by hand since they were generated")(
      "facts", "instead of importing, write upstream's facts (parameters, tolerance, full cases with their FLOPs, "
               "input recipes) of every problem folder under <folder> as a JSON table to this file",
      cxxopts::value<std::string>());
  options.parse_positional({"folder"});
  options.positional_help("<folder>");
  std::optional<cxxopts::ParseResult> flags = parse_flags(options, line);
  if (!flags) return 0;
  if (!flags->count("folder")) {
    throw UsageError("judge import-tensara: which folder? usage: judge import-tensara <folder> [--out problems/] [--force]");
  }
  const std::filesystem::path source = resolve_user_path((*flags)["folder"].as<std::string>());
  if (flags->count("facts")) {
    nlohmann::json facts;
    try {
      facts = importer::upstream_facts(source);
    } catch (const std::invalid_argument& error) {
      throw UsageError(std::string("judge import-tensara: ") + error.what());
    }
    const std::filesystem::path file = resolve_user_path((*flags)["facts"].as<std::string>());
    std::ofstream out(file);
    out << facts.dump(1) << "\n";
    if (!out) throw UsageError("judge import-tensara: cannot write " + file.string());
    std::cout << "wrote the facts of " << facts["problems"].size() << " problem(s) to " << file.string() << "\n";
    return 0;
  }
  const std::filesystem::path out = resolve_user_path((*flags)["out"].as<std::string>());

  std::vector<ProblemImport> imports;
  try {
    imports = importer::import_tensara(source, out, flags->count("force") > 0);
  } catch (const std::invalid_argument& error) {
    throw UsageError(std::string("judge import-tensara: ") + error.what());
  }
  int full = 0, partial = 0, skipped = 0;
  std::map<ProblemImport::Outcome, int> outcomes;
  for (const ProblemImport& result : imports) {
    ++outcomes[result.outcome];
    std::cout << (result.slug.empty() ? result.source : result.slug) << ": " << importer::outcome_name(result.outcome);
    if (result.outcome == ProblemImport::Outcome::kSkipped) {
      ++skipped;
      std::cout << ": " << result.detail << "\n";
      continue;
    }
    if (!result.detail.empty()) std::cout << " (" << result.detail << ")";
    if (result.notes.empty()) {
      ++full;
      std::cout << "; read fully\n";
    } else {
      ++partial;
      std::cout << "; read partly, " << result.notes.size() << " TODO(s):\n";
      for (const std::string& note : result.notes) std::cout << "    " << note << "\n";
    }
  }
  std::cout << imports.size() << " problem(s): " << full << " read fully, " << partial << " partly, " << skipped
            << " skipped; " << outcomes[ProblemImport::Outcome::kWritten] << " written, "
            << outcomes[ProblemImport::Outcome::kUnchanged] << " unchanged, " << outcomes[ProblemImport::Outcome::kKept]
            << " kept (hand-edited; --force overwrites)\n";
  if (skipped > 0) throw ProblemError(std::to_string(skipped) + " problem(s) could not be imported (see above)");
  return 0;
}

}  // namespace

REGISTER_COMMAND("import-tensara", "import Tensara problem folders as statement.md and a cases.yaml skeleton",
                 run_import);

}  // namespace judge
