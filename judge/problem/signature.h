// The C ABI of a problem's `extern "C" void solution(...)`, as typed values.
//
// A statement's front matter lists parameters by name, type, pointer and
// const; this file turns that into a Signature that can print the exact C
// prototype (for starters and error messages) and that the loader compares
// with the definition's own parameter list. `[VAR]` parameters take the
// problem's dtype: a Signature is resolved for one dtype with with_dtype().
#pragma once

#include <string>
#include <vector>

#include "judge/problem/scalar_type.h"

namespace judge {

struct Parameter {
  std::string name;
  ScalarType type = ScalarType::kFloat32;  // for a [VAR] parameter, the dtype in force
  bool var = false;                        // declared as [VAR]: the problem's dtype
  bool pointer = false;
  bool is_const = false;  // meaningful for pointers only: a const pointer is an input
  int line = 0;           // line of the parameter's entry in the statement, 0 if unknown

  bool is_input_tensor() const { return pointer && is_const; }
  bool is_output_tensor() const { return pointer && !is_const; }

  // "const float*", "float*", "size_t", "__half". const on a by-value
  // parameter does not change the ABI and is not printed.
  std::string c_type() const;
  // As the statement declares it: "const [VAR]*" or c_type().
  std::string declared_type() const;
};

struct Signature {
  std::vector<Parameter> parameters;

  // `extern "C" void solution(const float* input, ..., size_t width);`
  std::string c_prototype() const;
  // Same list without `extern "C"` and `;`, for a definition's head.
  std::string c_parameter_list() const;
  // The #include lines the prototype needs: <cstddef> and <cstdint>, plus
  // <cuda_fp16.h> / <cuda_bf16.h> when a parameter is __half / __nv_bfloat16.
  std::string c_includes() const;

  // A copy with every [VAR] parameter of type `dtype`.
  Signature with_dtype(ScalarType dtype) const;
  bool uses_var() const;
  bool uses_var_tensor() const;  // a [VAR] pointer

  const Parameter* find(const std::string& name) const;  // nullptr if absent
  std::vector<const Parameter*> scalars() const;
  std::vector<const Parameter*> input_tensors() const;
  std::vector<const Parameter*> output_tensors() const;
};

}  // namespace judge
