// A first look at a submitted source before any compiler runs: find the
// definition of `solution` and compare its parameters with the problem's C
// ABI, so that the usual mistakes (a missing parameter, `int` for `size_t`, a
// dropped `const`) get a message naming the parameter instead of a linker or
// ODR error. The compiler still sees the exact prototype (force-included), so
// anything this scan cannot read is caught there.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace judge {

struct ExpectedParameter {
  std::string name;
  std::string c_type;  // "const float*", "size_t", "double", ...
};

// The message for the first mismatch, or nullopt when the source matches.
// Linear in the source's size; `cost`, when given, receives the number of
// characters visited (the tests bound it by a multiple of the size).
std::optional<std::string> check_solution_signature(const std::string& source,
                                                    const std::vector<ExpectedParameter>& expected,
                                                    std::size_t* cost = nullptr);

// "const float *" -> "const float*", "float const*" -> "const float*",
// "unsigned long" -> "size_t", top-level const dropped.
std::string canonical_c_type(const std::string& declaration_without_name);

}  // namespace judge
