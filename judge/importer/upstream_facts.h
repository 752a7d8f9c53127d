// Upstream's facts as a table: for each Tensara problem folder under a
// checkout of tensara/problems, what its def.py says, read as data
// (tensara_def.h), never run: the C ABI, the tolerance, the full tier's
// cases with their values for the ABI and what get_flops returns for each,
// and the input recipes its create_inputs uses where they are a pattern the
// reader knows (triangular, +-1 labels, whole numbers, graphs, softmax,
// scattered sparsity). `judge import-tensara <folder> --facts FILE` writes
// it; problems/testing/upstream_parity_test compares the catalogue with the
// table checked in there, so the test needs no upstream checkout.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

namespace judge::importer {

inline constexpr int kUpstreamFactsSchemaVersion = 1;

// {"format": "judge-upstream-facts", "schema_version": 1, "problems": [
//   {"slug", "parameters": [{"name", "type", "pointer", "const"}],
//    "tolerance": {"rtol", "atol"} | null, "exact": bool,
//    "full_cases": [{"name", "params": {name: number | [ints]},
//                    "flops": number | null, "unread": [why, ...]}],
//    "input_recipes": [...], "unread": [what the reader could not read]}]}
// over every problem folder (one with a def.py) under `root`, sorted by slug.
// Throws std::invalid_argument when `root` holds none.
nlohmann::json upstream_facts(const std::filesystem::path& root);

}  // namespace judge::importer
