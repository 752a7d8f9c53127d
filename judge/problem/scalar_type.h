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
#include <vector>

namespace Eigen {
struct half;      // Eigen/Core: IEEE float16 with round-to-nearest-even conversions
struct bfloat16;  // Eigen/Core: bfloat16, the same
}  // namespace Eigen

namespace judge {

// The one table of scalar types; everything else about a type is derived
// from its row (in scalar_type.cc), and every other list of dtypes in the
// project reads this one (the runner gets bytes, not names; Python reads
// `scalar_types.json`, which //judge/problem:scalar_types_json exports).
// A new type is a row here and its case in scalar_type_test.cc.
//
// Columns: enumerator; C spelling in prototypes (the canonical one, more in
// scalar_type.cc's alias list); dtype name (dumps, reports, --dtype, the
// `<dtype>_*.cu` file prefix); NumPy's .npy descr of the dumped bytes
// (bfloat16, which NumPy lacks, as its bits); the C++ type of one element on
// the device; whether a problem may offer it for `[VAR]`.
//
// `size_t` is kept apart from uint64 so a prototype prints as the statement
// spells it; it is the same bytes and the same dtype name.
#define JUDGE_SCALAR_TYPES(X)                                            \
  X(kFloat32, "float", "float32", "<f4", float, true)                    \
  X(kFloat16, "__half", "float16", "<f2", Eigen::half, true)             \
  X(kBFloat16, "__nv_bfloat16", "bfloat16", "<u2", Eigen::bfloat16, true) \
  X(kFloat64, "double", "float64", "<f8", double, true)                  \
  X(kInt8, "int8_t", "int8", "|i1", int8_t, false)                       \
  X(kInt16, "int16_t", "int16", "<i2", int16_t, false)                   \
  X(kInt32, "int", "int32", "<i4", int32_t, false)                       \
  X(kInt64, "int64_t", "int64", "<i8", int64_t, false)                   \
  X(kUint8, "uint8_t", "uint8", "|u1", uint8_t, false)                   \
  X(kUint16, "uint16_t", "uint16", "<u2", uint16_t, false)               \
  X(kUint32, "unsigned int", "uint32", "<u4", uint32_t, false)           \
  X(kUint64, "uint64_t", "uint64", "<u8", uint64_t, false)               \
  X(kSize, "size_t", "uint64", "<u8", uint64_t, false)                   \
  X(kBool, "bool", "bool", "|b1", bool, false)

enum class ScalarType {
#define JUDGE_SCALAR_TYPE_ENUMERATOR(name, c, dtype, descr, device, offered) name,
  JUDGE_SCALAR_TYPES(JUDGE_SCALAR_TYPE_ENUMERATOR)
#undef JUDGE_SCALAR_TYPE_ENUMERATOR
};

// Every type, in the table's order.
const std::vector<ScalarType>& all_scalar_types();

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
// Binary digits of a floating type's significand, the implicit one
// included (std::numeric_limits::digits: float16 11, float32 24); 0 for the
// integers. One unit in the last place, relative, is 2^-(digits - 1).
int significand_digits(ScalarType type);
// Floating types narrower than float32 (float16, bfloat16) are held as
// float32 on the host; every other type as itself.
ScalarType host_type(ScalarType type);
std::size_t host_element_size(ScalarType type);

// Range of an integer type, as int64 (uint64 and size_t are capped at
// int64's maximum: case files hold int64 values).
int64_t integer_min(ScalarType type);
int64_t integer_max(ScalarType type);

// A C spelling from a statement, a definition or a solution's parameter
// ("float", "int32_t", "unsigned int", "__half", "std::size_t", "unsigned
// long", ...) as a type; nullopt when unknown. "[VAR]" is not a C type: the
// caller resolves it to the problem's dtype.
std::optional<ScalarType> parse_c_type_name(const std::string& spelling);
// The type that stands for `type` in a C ABI on LP64 (Linux, CUDA):
// uint64_t, unsigned long long and size_t are one type there, kSize.
ScalarType abi_type(ScalarType type);
// Every spelling parse_c_type_name accepts, for error messages.
std::string known_c_type_names();

// A dtype a problem may offer for `[VAR]` ("float32", "float16",
// "bfloat16", "float64"); nullopt for anything else.
std::optional<ScalarType> parse_dtype_name(const std::string& name);
// Any type's dtype name ("int32", "uint64", "bool", "float16", ...) as that
// type (uint64: kUint64); nullopt when no row has it.
std::optional<ScalarType> parse_any_dtype_name(const std::string& name);
// The offered ones, for error messages: "float32, float16, bfloat16, float64".
std::string known_dtype_names();
// The dtype a solution file's name selects: `<dtype>_*.cu`
// ("float16_default.cu") is judged with `--dtype <dtype>`; nullopt when the
// name starts with no offered dtype and '_'.
std::optional<ScalarType> dtype_of_file_name(const std::string& file_name);

// Element `i` of a device buffer of `type`, as a double (exact for every
// type but 64-bit integers beyond 2^53).
double load_device_element(ScalarType type, const void* device_bytes, int64_t i);
// Element `i` of a host buffer (host_type(type)'s layout) set from a double,
// rounded as a device would store it (float16 elements to float16).
void store_host_element(ScalarType type, void* host_bytes, int64_t i, double value);
// One value of `type` as the device holds it: its element_size(type) bytes
// at the start of a uint64's memory, the rest zero; what the runner copies
// into a scalar parameter's slot. Integers come from `integer`, floats
// from `real`.
uint64_t device_bits(ScalarType type, int64_t integer, double real);

// `value` rounded to a floating type (to nearest even), as double: what a
// solution receives for a scalar of that type.
double round_to(ScalarType type, double value);
// The bits of `value` rounded to float16 or bfloat16.
uint16_t half_bits(ScalarType type, double value);
// A float16 or bfloat16 element's bits as float32 (exact).
float half_bits_to_float(ScalarType type, uint16_t bits);

}  // namespace judge
