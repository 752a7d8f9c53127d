// Reads a Tensara problem's def.py as data (python_literal.h), never by
// running it: the `parameters` list (the C ABI), `is_exact`, the `rtol=` /
// `atol=` of verify_result, the cases generate_test_cases builds from
// literal tables (nested `for` loops over literal lists, a dict appended per
// case), the case of generate_sample, and what get_extra_params passes and
// get_flops returns for each case. Whatever is not a literal becomes a Finding with its line, for
// a TODO in the generated files: the reader reports, it never guesses.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "judge/importer/python_literal.h"

namespace judge::importer {

// Something def.py holds that the reader could not read as data.
struct Finding {
  int line = 0;  // 0: the whole file
  std::string message;
};

struct TensaraParameter {
  std::string name;
  std::string type;  // as upstream spells it: "float", "size_t", "float16", ...
  bool pointer = false;
  bool is_const = false;
};

// One upstream test case: its dict (every key whose value is a literal) and
// the values get_extra_params returns for it (Tensara passes them after the
// tensors, so they are the trailing parameters of the C ABI).
struct UpstreamCase {
  std::string name;     // upstream's case name (may hold spaces, '=', ...)
  int line = 0;         // where it is built
  PyValue fields;       // a dict: "name", "rows", "dims", ...
  std::map<std::string, std::string> unread_fields;  // key -> why its value is not a literal
  Environment bindings; // the loop variables that built it
  // nullopt: the list itself is not read; an element is nullopt when that
  // one value is not a literal (then extra_errors says why).
  std::optional<std::vector<std::optional<PyValue>>> extra_params;
  std::vector<std::string> extra_errors;  // "line N: why"
  // What get_flops returns for it, evaluated as data (straight-line
  // assignments, `for` loops over literal sequences, the return); nullopt
  // with flops_error saying why when it is not read.
  std::optional<double> flops;
  std::string flops_error;
};

struct TensaraDefinition {
  std::optional<std::vector<TensaraParameter>> parameters;
  int parameters_line = 0;
  std::optional<bool> is_exact;
  std::optional<double> rtol, atol;
  int tolerance_line = 0;
  std::vector<std::string> input_recipes;  // input_recipes() of the source
  std::vector<UpstreamCase> cases;       // generate_test_cases
  std::optional<UpstreamCase> sample;    // generate_sample
  std::vector<Finding> findings;
};

// The recipes recognised in a def.py's text (its create_inputs and the
// helpers they call), by name: "lower-triangular", "upper-triangular",
// "labels-plus-minus-one", "whole-numbers", "graph", "softmax",
// "scattered-sparse", "normal", "uniform". Empty when none is recognised.
std::vector<std::string> input_recipes(const std::string& def_py_text);

// Never throws for content: bad syntax is one Finding at its line, and
// every part read before it is still reported.
TensaraDefinition read_tensara_def(const std::string& source);

}  // namespace judge::importer
