#include "judge/problem/tensor.h"

#include <gtest/gtest.h>

#include <cstring>

namespace judge {
namespace {

TEST(ScalarTypes, NamesSizesAndHostTypes) {
  EXPECT_STREQ(c_name(ScalarType::kFloat16), "__half");
  EXPECT_STREQ(c_name(ScalarType::kBFloat16), "__nv_bfloat16");
  EXPECT_STREQ(dtype_name(ScalarType::kSize), "uint64");
  EXPECT_STREQ(numpy_descr(ScalarType::kFloat16), "<f2");
  EXPECT_STREQ(numpy_descr(ScalarType::kBFloat16), "<u2") << "NumPy has no bfloat16: the bits";
  EXPECT_STREQ(numpy_descr(ScalarType::kBool), "|b1");
  EXPECT_EQ(element_size(ScalarType::kBFloat16), 2u);
  EXPECT_EQ(host_type(ScalarType::kFloat16), ScalarType::kFloat32);
  EXPECT_EQ(host_type(ScalarType::kInt16), ScalarType::kInt16);
  EXPECT_EQ(parse_c_type_name("unsigned"), ScalarType::kUint32);
  EXPECT_EQ(parse_c_type_name("__nv_bfloat16"), ScalarType::kBFloat16);
  EXPECT_EQ(parse_c_type_name("void"), std::nullopt);
  EXPECT_EQ(parse_c_type_name("float8"), ScalarType::kUint8) << "an FP8 code is passed as its byte";
  EXPECT_STREQ(c_name(*parse_c_type_name("float8")), "uint8_t");
  EXPECT_EQ(parse_c_type_name("[VAR]"), std::nullopt) << "the caller resolves [VAR]";
  EXPECT_EQ(parse_dtype_name("bfloat16"), ScalarType::kBFloat16);
  EXPECT_EQ(parse_dtype_name("int32"), std::nullopt) << "[VAR] is a floating dtype";
  EXPECT_EQ(integer_max(ScalarType::kUint16), 65535);
  EXPECT_EQ(integer_min(ScalarType::kInt8), -128);
}

TEST(ScalarTypes, RoundingToTheSixteenBitFloats) {
  EXPECT_EQ(round_to(ScalarType::kFloat16, 0.1), 0.0999755859375);
  EXPECT_EQ(round_to(ScalarType::kBFloat16, 0.1), 0.10009765625);
  EXPECT_EQ(round_to(ScalarType::kFloat32, 0.1), static_cast<double>(0.1f));
  EXPECT_EQ(round_to(ScalarType::kFloat64, 0.1), 0.1);
  EXPECT_EQ(half_bits(ScalarType::kFloat16, 1.0), 0x3c00);
  EXPECT_EQ(half_bits(ScalarType::kBFloat16, 1.0), 0x3f80);
  EXPECT_EQ(half_bits(ScalarType::kFloat16, 65520.0), 0x7c00) << "overflows to +Inf";
  EXPECT_EQ(half_bits_to_float(ScalarType::kFloat16, 0x0001), 5.9604644775390625e-08f) << "smallest subnormal";
  EXPECT_EQ(half_bits_to_float(ScalarType::kBFloat16, 0xc040), -3.0f);
}

TEST(TensorBuffer, HalfTensorsHoldFloatsAndUploadHalfBits) {
  TensorBuffer buffer(ScalarType::kFloat16, 2);
  buffer.set(0, 0.1);  // rounded to float16 as a device would store it
  buffer.set(1, -2.0);
  EXPECT_EQ(buffer.at(0), 0.0999755859375);
  EXPECT_EQ(buffer.values<float>()[1], -2.0f);
  const std::vector<char> bytes = buffer.device_bytes();
  ASSERT_EQ(bytes.size(), 4u);
  uint16_t bits[2];
  std::memcpy(bits, bytes.data(), 4);
  EXPECT_EQ(bits[0], 0x2e66);
  EXPECT_EQ(bits[1], 0xc000);
  EXPECT_EQ(device_element(ScalarType::kFloat16, bytes.data(), 0), 0.0999755859375);
}

TEST(TensorBuffer, IntegerTensorsKeepTheirOwnType) {
  TensorBuffer buffer(ScalarType::kUint8, 3);
  buffer.set(0, 255);
  buffer.set(2, 7);
  EXPECT_EQ(buffer.device_bytes(), (std::vector<char>{static_cast<char>(255), 0, 7}));
  EXPECT_EQ(buffer.view().as<uint8_t>()[2], 7);
  TensorBuffer sizes(ScalarType::kSize, 1);
  sizes.mutable_values<uint64_t>()[0] = 42;  // size_t and uint64 share a host type
  EXPECT_EQ(sizes.at(0), 42.0);
}

TEST(TensorBuffer, ASliceOfDeviceBytesIsThatPartOfTheWhole) {
  for (ScalarType type : {ScalarType::kFloat32, ScalarType::kFloat16, ScalarType::kInt64}) {
    TensorBuffer buffer(type, 7);
    for (int64_t i = 0; i < buffer.size(); ++i) buffer.set(i, 3.0 * static_cast<double>(i) - 5.0);
    const std::vector<char> whole = buffer.device_bytes();
    const std::size_t size = element_size(type);
    std::vector<char> slice(3 * size);
    buffer.copy_device_bytes(2, 3, slice.data());
    EXPECT_EQ(slice, std::vector<char>(whole.begin() + 2 * size, whole.begin() + 5 * size)) << dtype_name(type);
    buffer.copy_device_bytes(7, 0, slice.data());  // an empty slice at the end
    EXPECT_THROW(buffer.copy_device_bytes(5, 3, slice.data()), std::out_of_range);
    EXPECT_THROW(buffer.copy_device_bytes(-1, 1, slice.data()), std::out_of_range);
  }
}

TEST(TensorBuffer, DeviceSlicesVisitTheWholeInOrderUntilAVisitStops) {
  TensorBuffer buffer(ScalarType::kFloat16, 7);
  for (int64_t i = 0; i < buffer.size(); ++i) buffer.set(i, 0.25 * static_cast<double>(i));
  std::vector<char> joined;
  std::vector<int64_t> offsets;
  EXPECT_TRUE(buffer.for_each_device_slice(6, [&](int64_t offset, const char* bytes, std::size_t count) {
    offsets.push_back(offset);
    joined.insert(joined.end(), bytes, bytes + count);
    return true;
  }));
  EXPECT_EQ(joined, buffer.device_bytes());
  EXPECT_EQ(offsets, (std::vector<int64_t>{0, 6, 12}));  // three elements of two bytes a slice
  int visits = 0;
  EXPECT_FALSE(buffer.for_each_device_slice(1, [&](int64_t, const char*, std::size_t count) {
    EXPECT_EQ(count, 2u);  // at least one element
    return ++visits < 2;
  }));
  EXPECT_EQ(visits, 2);
}

TEST(TensorBuffer, AViewOfTheWrongTypeIsALogicError) {
  TensorBuffer ints(ScalarType::kInt32, 4);
  EXPECT_THROW((void)static_cast<const float*>(ints.view()), std::logic_error);
  EXPECT_THROW(ints.view().as<int64_t>(), std::logic_error);
  try {
    ints.mutable_view().as<float>();
  } catch (const std::logic_error& error) {
    EXPECT_STREQ(error.what(), "a tensor of int32 elements (held on the host as int32) was read as float32");
  }
  TensorBuffer halves(ScalarType::kFloat16, 1);
  EXPECT_NO_THROW((void)static_cast<const float*>(halves.view())) << "float16 is read as float";
}

}  // namespace
}  // namespace judge
