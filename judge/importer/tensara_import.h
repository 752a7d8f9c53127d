// Turns Tensara problem folders (problem.md + def.py) into the judge's
// problems/<slug>/statement.md and a cases.yaml skeleton.
//
// statement.md gets the typed front matter (parameters from def.py, or from
// problem.md's own front matter in Tensara's older format) and upstream's
// statement text; cases.yaml gets the tolerance and upstream's cases (the
// full tier) and sample, as far as def.py holds them as literals. Whatever
// could not be read is a TODO comment in the file it belongs to and a note
// "file:line: why" in the report. Hand edits are kept (generated_file.h).
// The judge's reference.cc and the check tier are left to a person: they
// cannot be derived from upstream's PyTorch.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "judge/importer/generated_file.h"
#include "judge/importer/tensara_def.h"

namespace judge::importer {

struct GeneratedProblem {
  std::string slug;
  std::string statement_md;  // with its marker
  std::string cases_yaml;    // with its marker
  // "file:line: what could not be read"; each is also a TODO in a file.
  std::vector<std::string> notes;
};

// A problem that cannot be imported at all (no problem.md, no slug, no
// parameters, an unreadable front matter): the reason names file and line.
class SkipProblem : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A case's values for the C ABI: get_extra_params's list fills the trailing
// parameters (Tensara passes it after the tensors); a parameter it does not
// cover takes the case field or loop variable of its name. Scalars take
// numbers, a const integer pointer a literal list (a shape array). A scalar,
// or a trailing parameter, without a value is `missing`, `reasons` say why.
struct CaseAbiValues {
  std::vector<std::pair<std::string, PyValue>> values;  // in ABI order
  std::vector<std::string> missing;
  std::vector<std::string> reasons;
};
CaseAbiValues case_abi_values(const UpstreamCase& upstream, const std::vector<TensaraParameter>& parameters);

// Reads one Tensara problem folder. Throws SkipProblem.
GeneratedProblem generate_problem(const std::filesystem::path& folder);

struct ProblemImport {
  enum class Outcome { kWritten, kUnchanged, kKept, kSkipped };
  std::string source;  // the folder's name
  std::string slug;
  Outcome outcome = Outcome::kSkipped;
  std::string detail;  // why skipped, or which files were kept / written
  std::vector<std::string> notes;
};

const char* outcome_name(ProblemImport::Outcome outcome);

// Imports `source`: one problem folder (it has a problem.md or def.py) or a
// folder of them, into `out_root`/<slug>/. Throws std::invalid_argument
// when `source` is neither.
std::vector<ProblemImport> import_tensara(const std::filesystem::path& source, const std::filesystem::path& out_root,
                                          bool force);

}  // namespace judge::importer
