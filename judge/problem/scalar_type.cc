#include "judge/problem/scalar_type.h"

#include <Eigen/Core>  // Eigen::half, Eigen::bfloat16: IEEE round-to-nearest-even conversions
#include <array>
#include <cstring>
#include <limits>
#include <utility>

namespace judge {
namespace {

// Accepted C spellings, the canonical one (c_name) first for each type.
// Tensara's "float8" is an FP8 (E4M3) code passed as its byte: its C ABI
// is uint8_t (upstream's statements say so), and the judge holds and
// compares it as that byte, exactly; a problem that needs the value decodes
// it itself.
const std::array<std::pair<const char*, ScalarType>, 26> kSpellings = {{
    {"float", ScalarType::kFloat32},
    {"double", ScalarType::kFloat64},
    {"__half", ScalarType::kFloat16},
    {"half", ScalarType::kFloat16},
    {"__nv_bfloat16", ScalarType::kBFloat16},
    {"nv_bfloat16", ScalarType::kBFloat16},
    {"int8_t", ScalarType::kInt8},
    {"int16_t", ScalarType::kInt16},
    {"int", ScalarType::kInt32},
    {"int32_t", ScalarType::kInt32},
    {"int64_t", ScalarType::kInt64},
    {"long long", ScalarType::kInt64},
    {"uint8_t", ScalarType::kUint8},
    {"float8", ScalarType::kUint8},
    {"uint16_t", ScalarType::kUint16},
    {"unsigned int", ScalarType::kUint32},
    {"unsigned", ScalarType::kUint32},
    {"uint32_t", ScalarType::kUint32},
    {"uint64_t", ScalarType::kUint64},
    {"unsigned long long", ScalarType::kUint64},
    {"size_t", ScalarType::kSize},
    {"bool", ScalarType::kBool},
    {"float32", ScalarType::kFloat32},
    {"float64", ScalarType::kFloat64},
    {"float16", ScalarType::kFloat16},
    {"bfloat16", ScalarType::kBFloat16},
}};

}  // namespace

const char* c_name(ScalarType type) {
  switch (type) {
    case ScalarType::kFloat16: return "__half";
    case ScalarType::kBFloat16: return "__nv_bfloat16";
    case ScalarType::kFloat32: return "float";
    case ScalarType::kFloat64: return "double";
    case ScalarType::kInt8: return "int8_t";
    case ScalarType::kInt16: return "int16_t";
    case ScalarType::kInt32: return "int";
    case ScalarType::kInt64: return "int64_t";
    case ScalarType::kUint8: return "uint8_t";
    case ScalarType::kUint16: return "uint16_t";
    case ScalarType::kUint32: return "unsigned int";
    case ScalarType::kUint64: return "uint64_t";
    case ScalarType::kSize: return "size_t";
    case ScalarType::kBool: return "bool";
  }
  return "?";
}

const char* dtype_name(ScalarType type) {
  switch (type) {
    case ScalarType::kFloat16: return "float16";
    case ScalarType::kBFloat16: return "bfloat16";
    case ScalarType::kFloat32: return "float32";
    case ScalarType::kFloat64: return "float64";
    case ScalarType::kInt8: return "int8";
    case ScalarType::kInt16: return "int16";
    case ScalarType::kInt32: return "int32";
    case ScalarType::kInt64: return "int64";
    case ScalarType::kUint8: return "uint8";
    case ScalarType::kUint16: return "uint16";
    case ScalarType::kUint32: return "uint32";
    case ScalarType::kUint64:
    case ScalarType::kSize: return "uint64";
    case ScalarType::kBool: return "bool";
  }
  return "?";
}

const char* numpy_descr(ScalarType type) {
  switch (type) {
    case ScalarType::kFloat16: return "<f2";
    case ScalarType::kBFloat16: return "<u2";
    case ScalarType::kFloat32: return "<f4";
    case ScalarType::kFloat64: return "<f8";
    case ScalarType::kInt8: return "|i1";
    case ScalarType::kInt16: return "<i2";
    case ScalarType::kInt32: return "<i4";
    case ScalarType::kInt64: return "<i8";
    case ScalarType::kUint8: return "|u1";
    case ScalarType::kUint16: return "<u2";
    case ScalarType::kUint32: return "<u4";
    case ScalarType::kUint64:
    case ScalarType::kSize: return "<u8";
    case ScalarType::kBool: return "|b1";
  }
  return "?";
}

std::size_t element_size(ScalarType type) {
  switch (type) {
    case ScalarType::kInt8:
    case ScalarType::kUint8:
    case ScalarType::kBool: return 1;
    case ScalarType::kFloat16:
    case ScalarType::kBFloat16:
    case ScalarType::kInt16:
    case ScalarType::kUint16: return 2;
    case ScalarType::kFloat32:
    case ScalarType::kInt32:
    case ScalarType::kUint32: return 4;
    case ScalarType::kFloat64:
    case ScalarType::kInt64:
    case ScalarType::kUint64:
    case ScalarType::kSize: return 8;
  }
  return 0;
}

bool is_floating(ScalarType type) {
  switch (type) {
    case ScalarType::kFloat16:
    case ScalarType::kBFloat16:
    case ScalarType::kFloat32:
    case ScalarType::kFloat64: return true;
    default: return false;
  }
}

bool is_integer(ScalarType type) { return !is_floating(type); }

ScalarType host_type(ScalarType type) {
  return type == ScalarType::kFloat16 || type == ScalarType::kBFloat16 ? ScalarType::kFloat32 : type;
}

std::size_t host_element_size(ScalarType type) { return element_size(host_type(type)); }

int64_t integer_min(ScalarType type) {
  switch (type) {
    case ScalarType::kInt8: return std::numeric_limits<int8_t>::min();
    case ScalarType::kInt16: return std::numeric_limits<int16_t>::min();
    case ScalarType::kInt32: return std::numeric_limits<int32_t>::min();
    case ScalarType::kInt64: return std::numeric_limits<int64_t>::min();
    default: return 0;
  }
}

int64_t integer_max(ScalarType type) {
  switch (type) {
    case ScalarType::kInt8: return std::numeric_limits<int8_t>::max();
    case ScalarType::kInt16: return std::numeric_limits<int16_t>::max();
    case ScalarType::kInt32: return std::numeric_limits<int32_t>::max();
    case ScalarType::kUint8: return std::numeric_limits<uint8_t>::max();
    case ScalarType::kUint16: return std::numeric_limits<uint16_t>::max();
    case ScalarType::kUint32: return std::numeric_limits<uint32_t>::max();
    case ScalarType::kBool: return 1;
    default: return std::numeric_limits<int64_t>::max();
  }
}

std::optional<ScalarType> parse_c_type_name(const std::string& spelling) {
  for (const auto& [name, type] : kSpellings) {
    if (spelling == name) return type;
  }
  return std::nullopt;
}

std::string known_c_type_names() {
  std::string names = "[VAR]";
  for (const auto& entry : kSpellings) names += std::string(", ") + entry.first;
  return names;
}

std::optional<ScalarType> parse_dtype_name(const std::string& name) {
  for (ScalarType type : {ScalarType::kFloat32, ScalarType::kFloat16, ScalarType::kBFloat16, ScalarType::kFloat64}) {
    if (name == dtype_name(type)) return type;
  }
  return std::nullopt;
}

double round_to(ScalarType type, double value) {
  switch (type) {
    case ScalarType::kFloat16: return static_cast<float>(Eigen::half(static_cast<float>(value)));
    case ScalarType::kBFloat16: return static_cast<float>(Eigen::bfloat16(static_cast<float>(value)));
    case ScalarType::kFloat32: return static_cast<float>(value);
    default: return value;
  }
}

uint16_t half_bits(ScalarType type, double value) {
  // double -> float -> half can round twice; for the values a case file
  // gives (a few significant digits) both orders agree.
  const float single = static_cast<float>(value);
  if (type == ScalarType::kBFloat16) return Eigen::numext::bit_cast<uint16_t>(Eigen::bfloat16(single));
  return Eigen::numext::bit_cast<uint16_t>(Eigen::half(single));
}

float half_bits_to_float(ScalarType type, uint16_t bits) {
  if (type == ScalarType::kBFloat16) return static_cast<float>(Eigen::numext::bit_cast<Eigen::bfloat16>(bits));
  return static_cast<float>(Eigen::numext::bit_cast<Eigen::half>(bits));
}

}  // namespace judge
