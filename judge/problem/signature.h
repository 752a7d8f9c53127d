// The C ABI of a problem's `extern "C" void solution(...)`, as typed values.
//
// A statement's front matter lists parameters by name, type, pointer and
// const; this file turns that into a Signature that can print the exact C
// prototype (for starters and error messages) and that the loader compares
// with the definition's own parameter list.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace judge {

// Element or scalar type of a parameter. `size_t` is kept apart from uint64
// so the prototype is printed as the statement spells it.
enum class ScalarType { kFloat32, kFloat64, kInt32, kInt64, kUint32, kUint64, kSize };

// The type `[VAR]` stands for: the problem's dtype. Every problem is float32
// today; a statement field for the dtype would change this in one place.
constexpr ScalarType kProblemDtype = ScalarType::kFloat32;

// "float", "double", "size_t", ...
const char* c_name(ScalarType type);
bool is_integer(ScalarType type);

// The front-matter spelling ("[VAR]", "float", "int", "int64_t", ...) as a
// type; nullopt when unknown. `[VAR]` gives kProblemDtype.
std::optional<ScalarType> parse_type_name(const std::string& spelling);

// Every spelling parse_type_name accepts, for error messages.
std::string known_type_names();

struct Parameter {
  std::string name;
  ScalarType type = ScalarType::kFloat32;
  bool pointer = false;
  bool is_const = false;  // meaningful for pointers only: a const pointer is an input
  int line = 0;           // line of the parameter's entry in the statement, 0 if unknown

  bool is_input_tensor() const { return pointer && is_const; }
  bool is_output_tensor() const { return pointer && !is_const; }

  // "const float*", "float*", "size_t", "double". const on a by-value
  // parameter does not change the ABI and is not printed.
  std::string c_type() const;
};

struct Signature {
  std::vector<Parameter> parameters;

  // `extern "C" void solution(const float* input, ..., size_t width);`
  std::string c_prototype() const;
  // Same list without `extern "C"` and `;`, for a definition's head.
  std::string c_parameter_list() const;

  const Parameter* find(const std::string& name) const;  // nullptr if absent
  std::vector<const Parameter*> scalars() const;
  std::vector<const Parameter*> input_tensors() const;
  std::vector<const Parameter*> output_tensors() const;
};

}  // namespace judge
