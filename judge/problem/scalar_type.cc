// Everything about a scalar type, derived from its row of JUDGE_SCALAR_TYPES
// (scalar_type.h): sizes and ranges from the element's C++ type, rounding
// through Eigen's half and bfloat16 (IEEE round-to-nearest-even).
#include "judge/problem/scalar_type.h"

#include <Eigen/Core>
#include <array>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

namespace judge {
namespace {

// One row of the table, with the element's C++ type as a template argument.
template <typename Device>
struct TypeTag {
  using type = Device;
};

// Calls `visit(TypeTag<DeviceType>{})` for `type`'s row.
template <typename Visitor>
decltype(auto) visit_row(ScalarType type, Visitor&& visit) {
  switch (type) {
#define JUDGE_SCALAR_TYPE_VISIT(name, c, dtype, descr, device, offered) \
  case ScalarType::name: return visit(TypeTag<device>{});
    JUDGE_SCALAR_TYPES(JUDGE_SCALAR_TYPE_VISIT)
#undef JUDGE_SCALAR_TYPE_VISIT
  }
  return visit(TypeTag<uint8_t>{});  // unreachable: every enumerator is a row
}

struct Row {
  ScalarType type;
  const char* c_name;
  const char* dtype_name;
  const char* numpy_descr;
  bool offered_for_var;
};

constexpr Row kRows[] = {
#define JUDGE_SCALAR_TYPE_ROW(name, c, dtype, descr, device, offered) {ScalarType::name, c, dtype, descr, offered},
    JUDGE_SCALAR_TYPES(JUDGE_SCALAR_TYPE_ROW)
#undef JUDGE_SCALAR_TYPE_ROW
};

const Row& row(ScalarType type) {
  for (const Row& entry : kRows) {
    if (entry.type == type) return entry;
  }
  return kRows[0];  // unreachable: every enumerator is a row
}

// Other C spellings of the table's types, as statements, Tensara's
// definitions and solutions write them (LP64: long is 64 bits). Tensara's
// "float8" is an FP8 (E4M3) code passed as its byte: its C ABI is uint8_t
// (upstream's statements say so), and the judge holds and compares it as
// that byte, exactly; a problem that needs the value decodes it itself. The
// names of the dtypes `[VAR]` may take are accepted as spellings too.
const std::array<std::pair<const char*, ScalarType>, 21> kAliases = {{
    {"half", ScalarType::kFloat16},
    {"nv_bfloat16", ScalarType::kBFloat16},
    {"signed char", ScalarType::kInt8},
    {"short", ScalarType::kInt16},
    {"int32_t", ScalarType::kInt32},
    {"signed int", ScalarType::kInt32},
    {"signed", ScalarType::kInt32},
    {"long long", ScalarType::kInt64},
    {"long long int", ScalarType::kInt64},
    {"long", ScalarType::kInt64},
    {"long int", ScalarType::kInt64},
    {"float8", ScalarType::kUint8},
    {"unsigned char", ScalarType::kUint8},
    {"unsigned short", ScalarType::kUint16},
    {"unsigned", ScalarType::kUint32},
    {"uint32_t", ScalarType::kUint32},
    {"unsigned long long", ScalarType::kUint64},
    {"unsigned long long int", ScalarType::kUint64},
    {"unsigned long", ScalarType::kSize},
    {"unsigned long int", ScalarType::kSize},
    {"long unsigned int", ScalarType::kSize},
}};

template <typename T>
double to_double(T value) {
  if constexpr (std::is_same_v<T, Eigen::half> || std::is_same_v<T, Eigen::bfloat16>) {
    return static_cast<float>(value);
  } else {
    return static_cast<double>(value);
  }
}

template <typename T>
constexpr bool is_floating_element() {
  return !std::numeric_limits<T>::is_integer;
}

}  // namespace

const std::vector<ScalarType>& all_scalar_types() {
  static const std::vector<ScalarType> types = [] {
    std::vector<ScalarType> list;
    for (const Row& entry : kRows) list.push_back(entry.type);
    return list;
  }();
  return types;
}

const char* c_name(ScalarType type) { return row(type).c_name; }
const char* dtype_name(ScalarType type) { return row(type).dtype_name; }
const char* numpy_descr(ScalarType type) { return row(type).numpy_descr; }

std::size_t element_size(ScalarType type) {
  return visit_row(type, [](auto tag) { return sizeof(typename decltype(tag)::type); });
}

bool is_floating(ScalarType type) {
  return visit_row(type, [](auto tag) { return is_floating_element<typename decltype(tag)::type>(); });
}

bool is_integer(ScalarType type) { return !is_floating(type); }

int significand_digits(ScalarType type) {
  return visit_row(type, [](auto tag) {
    using T = typename decltype(tag)::type;
    return is_floating_element<T>() ? std::numeric_limits<T>::digits : 0;
  });
}

ScalarType host_type(ScalarType type) {
  return is_floating(type) && element_size(type) < sizeof(float) ? ScalarType::kFloat32 : type;
}

std::size_t host_element_size(ScalarType type) { return element_size(host_type(type)); }

int64_t integer_min(ScalarType type) {
  return visit_row(type, [](auto tag) -> int64_t {
    using T = typename decltype(tag)::type;
    if constexpr (is_floating_element<T>()) return 0;
    else return static_cast<int64_t>(std::numeric_limits<T>::min());
  });
}

int64_t integer_max(ScalarType type) {
  return visit_row(type, [](auto tag) -> int64_t {
    using T = typename decltype(tag)::type;
    if constexpr (is_floating_element<T>() || sizeof(T) == sizeof(int64_t)) return std::numeric_limits<int64_t>::max();
    else return static_cast<int64_t>(std::numeric_limits<T>::max());
  });
}

std::optional<ScalarType> parse_c_type_name(const std::string& spelling) {
  // A solution may qualify the fixed-width names: std::size_t, std::int32_t.
  const std::string name = spelling.rfind("std::", 0) == 0 && spelling.size() > 7 &&
                                   spelling.compare(spelling.size() - 2, 2, "_t") == 0
                               ? spelling.substr(5)
                               : spelling;
  for (const Row& entry : kRows) {
    if (name == entry.c_name || (entry.offered_for_var && name == entry.dtype_name)) return entry.type;
  }
  for (const auto& [alias, type] : kAliases) {
    if (name == alias) return type;
  }
  return std::nullopt;
}

ScalarType abi_type(ScalarType type) { return type == ScalarType::kUint64 ? ScalarType::kSize : type; }

std::string known_c_type_names() {
  std::string names = "[VAR]";
  for (const Row& entry : kRows) names += std::string(", ") + entry.c_name;
  for (const auto& [alias, type] : kAliases) names += std::string(", ") + alias;
  return names;
}

std::optional<ScalarType> parse_dtype_name(const std::string& name) {
  for (const Row& entry : kRows) {
    if (entry.offered_for_var && name == entry.dtype_name) return entry.type;
  }
  return std::nullopt;
}

std::optional<ScalarType> parse_any_dtype_name(const std::string& name) {
  for (const Row& entry : kRows) {
    if (name == entry.dtype_name) return entry.type;
  }
  return std::nullopt;
}

std::string known_dtype_names() {
  std::string names;
  for (const Row& entry : kRows) {
    if (entry.offered_for_var) names += (names.empty() ? "" : ", ") + std::string(entry.dtype_name);
  }
  return names;
}

std::optional<ScalarType> dtype_of_file_name(const std::string& file_name) {
  for (const Row& entry : kRows) {
    if (entry.offered_for_var && file_name.rfind(std::string(entry.dtype_name) + "_", 0) == 0) return entry.type;
  }
  return std::nullopt;
}

double round_to(ScalarType type, double value) {
  if (!is_floating(type)) return value;
  return visit_row(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    // Through float first for the narrow types: double -> float -> half
    // can round twice, but for the values a case file gives (a few
    // significant digits) both orders agree.
    if constexpr (sizeof(T) < sizeof(double)) return to_double(static_cast<T>(static_cast<float>(value)));
    else return static_cast<double>(static_cast<T>(value));
  });
}

uint16_t half_bits(ScalarType type, double value) {
  const uint64_t bits = device_bits(type, 0, value);
  return static_cast<uint16_t>(bits);
}

float half_bits_to_float(ScalarType type, uint16_t bits) {
  return static_cast<float>(load_device_element(type, &bits, 0));
}

double load_device_element(ScalarType type, const void* device_bytes, int64_t i) {
  return visit_row(type, [&](auto tag) {
    // A bool is read as its byte: a solution may leave any byte there.
    using Element = typename decltype(tag)::type;
    constexpr bool kBool = std::is_same_v<Element, bool>;
    using T = std::conditional_t<kBool, uint8_t, Element>;
    T value;
    std::memcpy(&value, static_cast<const char*>(device_bytes) + i * static_cast<int64_t>(sizeof(T)), sizeof(T));
    if constexpr (kBool) return value != 0 ? 1.0 : 0.0;
    else return to_double(value);
  });
}

void store_host_element(ScalarType type, void* host_bytes, int64_t i, double value) {
  visit_row(host_type(type), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T held = static_cast<T>(round_to(type, value));
    std::memcpy(static_cast<char*>(host_bytes) + i * static_cast<int64_t>(sizeof(T)), &held, sizeof(T));
  });
}

uint64_t device_bits(ScalarType type, int64_t integer, double real) {
  return visit_row(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T value;
    if constexpr (!is_floating_element<T>()) value = static_cast<T>(integer);
    else if constexpr (sizeof(T) < sizeof(double)) value = static_cast<T>(static_cast<float>(real));
    else value = static_cast<T>(real);
    uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof(T));
    return bits;
  });
}

}  // namespace judge
