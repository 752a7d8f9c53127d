// A loaded problem and the catalogue of problem folders.
//
// problems/<slug>/statement.md  front matter (the C ABI) + Markdown
// problems/<slug>/cases.yaml    test data and tolerance
// problems/<slug>/reference.cc  the definition, REGISTER_PROBLEM("<slug>", ...)
//
// Loading ties the three together and checks they agree: the folder name is
// the slug, a definition is registered for it, and its parameter list is the
// statement's, name by name and type by type.
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "judge/problem/cases.h"
#include "judge/problem/definition.h"
#include "judge/problem/statement.h"

namespace judge {

struct Problem {
  std::filesystem::path dir;
  // Its signature is resolved for `dtype`: [VAR] parameters have that type.
  Statement statement;
  ScalarType dtype = ScalarType::kFloat32;  // the dtype [VAR] takes in this load
  std::unique_ptr<ProblemDefinition> definition;
  CaseSet cases;

  const std::string& slug() const { return statement.slug; }
  const Signature& signature() const { return statement.signature; }
  const Tolerance& tolerance() const { return cases.tolerance; }  // for `dtype`

  // The case named `name`; throws UsageError listing the case names.
  const TestCase& find_case(const std::string& name) const;
};

// The bytes of a case's tensors as a device holds them: its inputs (const
// pointers) and its outputs. What a call moves at the least, and what the
// judge and the solution's process each hold while it runs.
struct CaseBytes {
  double inputs = 0;
  double outputs = 0;
  double total() const { return inputs + outputs; }
};
CaseBytes case_bytes(const Problem& problem, const TestCase& test_case);
// The bytes of each tensor parameter of a case, in the signature's order.
std::vector<double> tensor_bytes(const Problem& problem, const TestCase& test_case);

// Loads problems/<slug>/ from `dir`. Messages name the files under
// `display_dir` (default: `dir`), e.g. "problems/<slug>" rather than a long
// runfiles path. `dtype` picks one of the dtypes the statement offers
// (default: its first); UsageError when it offers no such dtype. Throws
// ProblemError.
Problem load_problem(const std::filesystem::path& dir, const std::filesystem::path& display_dir = {},
                     const std::string& dtype = "");

// Throws ProblemError naming both sides at the first difference between the
// statement's parameters and the definition's.
void check_definition_matches(const Statement& statement, const ProblemDefinition& definition);

class Catalogue {
 public:
  // `display_root` names the folder in messages (default: `root`).
  explicit Catalogue(std::filesystem::path root, std::filesystem::path display_root = {})
      : m_root(std::move(root)), m_display_root(display_root.empty() ? m_root : std::move(display_root)) {}

  const std::filesystem::path& root() const { return m_root; }
  const std::filesystem::path& display_root() const { return m_display_root; }

  // Folders under the root that hold a statement.md, sorted.
  std::vector<std::string> slugs() const;

  // Throws UsageError listing the known slugs when `slug` is not one, and
  // ProblemError when the problem is broken.
  Problem load(const std::string& slug, const std::string& dtype = "") const;

 private:
  std::filesystem::path m_root;
  std::filesystem::path m_display_root;
};

}  // namespace judge
