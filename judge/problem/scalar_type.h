// Element and scalar types of a problem's C ABI, and how the judge holds
// each on the host.
//
// Every type a Tensara statement may name (float, double, __half,
// __nv_bfloat16, the fixed-width integers, int, unsigned, size_t, bool) is
// one ScalarType; "float8", an FP8 E4M3 code, is spelled uint8_t in C and
// held as that byte. The judge keeps tensor elements on the host in their own
// type, except float16 and bfloat16: those are held as float32 (every value
// of both widens to float32 exactly), so references compute in one code
// path and compare against an expected value rounded once, to float32.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace judge {

// `size_t` is kept apart from uint64 so a prototype prints as the statement
// spells it.
enum class ScalarType {
  kFloat16,
  kBFloat16,
  kFloat32,
  kFloat64,
  kInt8,
  kInt16,
  kInt32,
  kInt64,
  kUint8,
  kUint16,
  kUint32,
  kUint64,
  kSize,
  kBool,
};

// The C spelling in prototypes: "__half", "float", "int", "size_t", ...
const char* c_name(ScalarType type);
// The dtype name in dumps, reports, --dtype and the runner protocol:
// "float16", "bfloat16", "float32", "int32", "uint64", "bool", ... (size_t
// is "uint64": the same bytes).
const char* dtype_name(ScalarType type);
// NumPy's .npy descr of the bytes the judge dumps: "<f2", "<f4", "<i4",
// "|b1", ...; bfloat16, which NumPy lacks, is dumped as its bits, "<u2".
const char* numpy_descr(ScalarType type);

std::size_t element_size(ScalarType type);  // bytes on the device
bool is_integer(ScalarType type);           // the integers, size_t and bool
bool is_floating(ScalarType type);
// float16 and bfloat16 are held as float32 on the host; every other type
// as itself.
ScalarType host_type(ScalarType type);
std::size_t host_element_size(ScalarType type);

// Range of an integer type, as int64 (uint64 and size_t are capped at
// int64's maximum: case files hold int64 values).
int64_t integer_min(ScalarType type);
int64_t integer_max(ScalarType type);

// A C spelling from a statement or definition ("float", "int32_t",
// "unsigned int", "__half", ...) as a type; nullopt when unknown. "[VAR]" is
// not a C type: the caller resolves it to the problem's dtype.
std::optional<ScalarType> parse_c_type_name(const std::string& spelling);
// Every spelling parse_c_type_name accepts, for error messages.
std::string known_c_type_names();

// A dtype a problem may offer for `[VAR]` ("float32", "float16",
// "bfloat16", "float64"); nullopt for anything else.
std::optional<ScalarType> parse_dtype_name(const std::string& name);
inline constexpr const char* kKnownDtypeNames = "float32, float16, bfloat16, float64";

// `value` rounded to a floating type (to nearest even), as double: what a
// solution receives for a scalar of that type.
double round_to(ScalarType type, double value);
// The bits of `value` rounded to float16 or bfloat16.
uint16_t half_bits(ScalarType type, double value);
// A float16 or bfloat16 element's bits as float32 (exact).
float half_bits_to_float(ScalarType type, uint16_t bits);

}  // namespace judge
