// The scalar-type table's derived facts, row by row: a new type's row is
// checked here by the loops, and its particular values by a line of its own.
#include "judge/problem/scalar_type.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

#include <string>

#include "judge/problem/tensor.h"

namespace judge {
namespace {

TEST(ScalarTypeTable, EveryRowNamesItselfConsistently) {
  for (ScalarType type : all_scalar_types()) {
    SCOPED_TRACE(dtype_name(type));
    EXPECT_EQ(parse_c_type_name(c_name(type)), type) << "the prototype spelling parses back";
    // The .npy descr's size is the element's: "<f2" is 2 bytes.
    EXPECT_EQ(std::string(numpy_descr(type)).substr(2), std::to_string(element_size(type)));
    EXPECT_EQ(is_floating(type), significand_digits(type) > 0);
    EXPECT_GE(host_element_size(type), element_size(type));
    ASSERT_TRUE(parse_any_dtype_name(dtype_name(type)));
    EXPECT_STREQ(dtype_name(*parse_any_dtype_name(dtype_name(type))), dtype_name(type));
    const std::optional<ScalarType> offered = parse_dtype_name(dtype_name(type));
    EXPECT_TRUE(!offered || *offered == type);
    if (offered) {
      EXPECT_EQ(dtype_of_file_name(std::string(dtype_name(type)) + "_default.cu"), type);
    }
  }
}

TEST(ScalarTypeTable, ValuesRoundTripThroughDeviceBytes) {
  for (ScalarType type : all_scalar_types()) {
    SCOPED_TRACE(dtype_name(type));
    TensorBuffer buffer(type, 3);
    buffer.set(0, 1);
    buffer.set(1, 0);
    buffer.set(2, type == ScalarType::kBool ? 1 : 3);
    const std::vector<char> bytes = buffer.device_bytes();
    ASSERT_EQ(bytes.size(), 3 * element_size(type));
    EXPECT_EQ(TensorBuffer::from_device_bytes(type, bytes.data(), 3), buffer);
    EXPECT_EQ(load_device_element(type, bytes.data(), 2), type == ScalarType::kBool ? 1 : 3);
    // A scalar argument's bytes are an element's.
    const uint64_t one = device_bits(type, 1, 1.0);
    EXPECT_EQ(std::memcmp(&one, bytes.data(), element_size(type)), 0);
  }
}

TEST(ScalarTypeTable, ParticularFacts) {
  EXPECT_EQ(known_dtype_names(), "float32, float16, bfloat16, float64");
  EXPECT_EQ(significand_digits(ScalarType::kFloat16), 11);
  EXPECT_EQ(significand_digits(ScalarType::kBFloat16), 8);
  EXPECT_EQ(significand_digits(ScalarType::kFloat32), 24);
  EXPECT_EQ(significand_digits(ScalarType::kInt64), 0);
  EXPECT_EQ(host_type(ScalarType::kBFloat16), ScalarType::kFloat32);
  EXPECT_EQ(host_type(ScalarType::kFloat64), ScalarType::kFloat64);
  EXPECT_EQ(device_bits(ScalarType::kFloat32, 0, 1.0), 0x3f800000u);
  EXPECT_EQ(device_bits(ScalarType::kFloat16, 0, 1.0), 0x3c00u);
  EXPECT_EQ(device_bits(ScalarType::kInt8, -1, 0), 0xffu) << "only the element's own byte";
  EXPECT_EQ(device_bits(ScalarType::kBool, 5, 0), 1u);
  const unsigned char stray = 0xff;  // what a solution may leave in a bool
  EXPECT_EQ(load_device_element(ScalarType::kBool, &stray, 0), 1.0);
  EXPECT_EQ(integer_max(ScalarType::kBool), 1);
  EXPECT_EQ(integer_max(ScalarType::kUint64), INT64_MAX) << "capped: case files hold int64";
  EXPECT_EQ(integer_min(ScalarType::kInt16), -32768);
  EXPECT_EQ(parse_c_type_name("std::size_t"), ScalarType::kSize);
  EXPECT_EQ(parse_c_type_name("unsigned long"), ScalarType::kSize);
  EXPECT_EQ(parse_c_type_name("std::float"), std::nullopt);
  EXPECT_EQ(parse_c_type_name("int32"), std::nullopt) << "only [VAR]'s dtype names are spellings";
  EXPECT_EQ(abi_type(ScalarType::kUint64), abi_type(ScalarType::kSize));
  EXPECT_EQ(parse_any_dtype_name("int32"), ScalarType::kInt32);
  EXPECT_EQ(parse_any_dtype_name("uint64"), ScalarType::kUint64) << "the first row of that name, not size_t";
  EXPECT_EQ(parse_any_dtype_name("int"), std::nullopt) << "a C spelling, not a dtype name";
  EXPECT_EQ(dtype_of_file_name("int32_default.cu"), std::nullopt);
  EXPECT_EQ(dtype_of_file_name("float16default.cu"), std::nullopt);
  EXPECT_EQ(dtype_of_file_name("default.cu"), std::nullopt);
}

}  // namespace
}  // namespace judge
