#include "judge/problem/signature.h"

#include <array>
#include <utility>

namespace judge {
namespace {

// Accepted spellings, first the canonical one for each type.
const std::array<std::pair<const char*, ScalarType>, 13> kSpellings = {{
    {"float", ScalarType::kFloat32},
    {"double", ScalarType::kFloat64},
    {"int", ScalarType::kInt32},
    {"int32_t", ScalarType::kInt32},
    {"int64_t", ScalarType::kInt64},
    {"long long", ScalarType::kInt64},
    {"unsigned int", ScalarType::kUint32},
    {"uint32_t", ScalarType::kUint32},
    {"uint64_t", ScalarType::kUint64},
    {"unsigned long long", ScalarType::kUint64},
    {"size_t", ScalarType::kSize},
    {"float32", ScalarType::kFloat32},
    {"float64", ScalarType::kFloat64},
}};

}  // namespace

const char* c_name(ScalarType type) {
  switch (type) {
    case ScalarType::kFloat32: return "float";
    case ScalarType::kFloat64: return "double";
    case ScalarType::kInt32: return "int";
    case ScalarType::kInt64: return "int64_t";
    case ScalarType::kUint32: return "unsigned int";
    case ScalarType::kUint64: return "uint64_t";
    case ScalarType::kSize: return "size_t";
  }
  return "?";
}

bool is_integer(ScalarType type) {
  switch (type) {
    case ScalarType::kFloat32:
    case ScalarType::kFloat64: return false;
    case ScalarType::kInt32:
    case ScalarType::kInt64:
    case ScalarType::kUint32:
    case ScalarType::kUint64:
    case ScalarType::kSize: return true;
  }
  return false;
}

std::optional<ScalarType> parse_type_name(const std::string& spelling) {
  if (spelling == "[VAR]") return kProblemDtype;
  for (const auto& [name, type] : kSpellings) {
    if (spelling == name) return type;
  }
  return std::nullopt;
}

std::string known_type_names() {
  std::string names = "[VAR]";
  for (const auto& entry : kSpellings) names += std::string(", ") + entry.first;
  return names;
}

std::string Parameter::c_type() const {
  if (!pointer) return c_name(type);
  return std::string(is_const ? "const " : "") + c_name(type) + "*";
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
