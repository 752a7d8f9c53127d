#include "judge/problem/signature.h"

namespace judge {

std::string Parameter::c_type() const {
  if (!pointer) return c_name(type);
  return std::string(is_const ? "const " : "") + c_name(type) + "*";
}

std::string Parameter::declared_type() const {
  if (!var) return c_type();
  if (!pointer) return "[VAR]";
  return std::string(is_const ? "const " : "") + "[VAR]*";
}

std::string Signature::c_parameter_list() const {
  std::string list;
  for (const Parameter& parameter : parameters) {
    if (!list.empty()) list += ", ";
    list += parameter.c_type() + " " + parameter.name;
  }
  return list;
}

std::string Signature::c_prototype() const {
  return "extern \"C\" void solution(" + c_parameter_list() + ");";
}

std::string Signature::c_includes() const {
  bool half = false, bfloat = false;
  for (const Parameter& parameter : parameters) {
    half |= parameter.type == ScalarType::kFloat16;
    bfloat |= parameter.type == ScalarType::kBFloat16;
  }
  std::string includes = "#include <cstddef>\n#include <cstdint>\n";
  if (half) includes += "#include <cuda_fp16.h>\n";
  if (bfloat) includes += "#include <cuda_bf16.h>\n";
  return includes;
}

Signature Signature::with_dtype(ScalarType dtype) const {
  Signature resolved = *this;
  for (Parameter& parameter : resolved.parameters) {
    if (parameter.var) parameter.type = dtype;
  }
  return resolved;
}

bool Signature::uses_var() const {
  for (const Parameter& parameter : parameters) {
    if (parameter.var) return true;
  }
  return false;
}

bool Signature::uses_var_tensor() const {
  for (const Parameter& parameter : parameters) {
    if (parameter.var && parameter.pointer) return true;
  }
  return false;
}

const Parameter* Signature::find(const std::string& name) const {
  for (const Parameter& parameter : parameters) {
    if (parameter.name == name) return &parameter;
  }
  return nullptr;
}

std::vector<const Parameter*> Signature::scalars() const {
  std::vector<const Parameter*> found;
  for (const Parameter& parameter : parameters) {
    if (!parameter.pointer) found.push_back(&parameter);
  }
  return found;
}

std::vector<const Parameter*> Signature::input_tensors() const {
  std::vector<const Parameter*> found;
  for (const Parameter& parameter : parameters) {
    if (parameter.is_input_tensor()) found.push_back(&parameter);
  }
  return found;
}

std::vector<const Parameter*> Signature::output_tensors() const {
  std::vector<const Parameter*> found;
  for (const Parameter& parameter : parameters) {
    if (parameter.is_output_tensor()) found.push_back(&parameter);
  }
  return found;
}

}  // namespace judge
