// The cases of a def.py (internal to the importer): generate_test_cases
// (nested `for` loops over literal tables appending a dict per case, a
// returned list of dicts, or a comprehension over a literal table calling a
// method of the class) and generate_sample, as UpstreamCases of `result`.
// What is not read is noted in `source`.
#pragma once

#include "judge/importer/def_source.h"

namespace judge::importer {

void read_case_tables(DefSource& source, TensaraDefinition& result);

}  // namespace judge::importer
