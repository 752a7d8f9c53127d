// Prints the judge's table of scalar types (scalar_type.h) as JSON, for the
// tools that are not C++ (problems/testing/torch_crosscheck.py): one object
// per dtype name, so they never keep a list of their own.
//
//   {"format": "judge-scalar-types", "schema_version": 1, "dtypes": {
//     "bfloat16": {"c_name": "__nv_bfloat16", "numpy_descr": "<u2", "element_size": 2,
//                  "floating": true, "significand_digits": 8, "held_as": "float32",
//                  "offered_for_var": true}, ...}}
#include <iostream>
#include <nlohmann/json.hpp>

#include "judge/problem/scalar_type.h"

int main() {
  nlohmann::json dtypes = nlohmann::json::object();
  for (judge::ScalarType type : judge::all_scalar_types()) {
    const std::string name = judge::dtype_name(type);
    if (dtypes.contains(name)) continue;  // size_t: the same dtype as uint64, listed first
    dtypes[name] = {{"c_name", judge::c_name(type)},
                    {"numpy_descr", judge::numpy_descr(type)},
                    {"element_size", judge::element_size(type)},
                    {"floating", judge::is_floating(type)},
                    {"significand_digits", judge::significand_digits(type)},
                    {"held_as", judge::dtype_name(judge::host_type(type))},
                    {"offered_for_var", judge::parse_dtype_name(name).has_value()}};
  }
  std::cout << nlohmann::json{{"format", "judge-scalar-types"}, {"schema_version", 1}, {"dtypes", dtypes}}.dump(2)
            << "\n";
  return 0;
}
