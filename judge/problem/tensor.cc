#include "judge/problem/tensor.h"

#include <cstring>

namespace judge {

int64_t element_count(const Shape& shape) {
  int64_t count = 1;
  for (int64_t extent : shape) count *= extent;
  return count;
}

namespace tensor_detail {
void wrong_type(ScalarType held, ScalarType wanted) {
  throw std::logic_error(std::string("a tensor of ") + dtype_name(held) + " elements (held on the host as " +
                         dtype_name(host_type(held)) + ") was read as " + dtype_name(wanted));
}
}  // namespace tensor_detail

namespace {

template <typename T>
T load(const char* bytes, int64_t i) {
  T value;
  std::memcpy(&value, bytes + i * static_cast<int64_t>(sizeof(T)), sizeof(T));
  return value;
}

template <typename T>
void store(char* bytes, int64_t i, T value) {
  std::memcpy(bytes + i * static_cast<int64_t>(sizeof(T)), &value, sizeof(T));
}

// Element i of a buffer of `type` (host or device layout, which agree for
// every type but float16/bfloat16) as a double.
double element(ScalarType type, const char* bytes, int64_t i) {
  switch (type) {
    case ScalarType::kFloat16:
    case ScalarType::kBFloat16: return half_bits_to_float(type, load<uint16_t>(bytes, i));
    case ScalarType::kFloat32: return load<float>(bytes, i);
    case ScalarType::kFloat64: return load<double>(bytes, i);
    case ScalarType::kInt8: return load<int8_t>(bytes, i);
    case ScalarType::kInt16: return load<int16_t>(bytes, i);
    case ScalarType::kInt32: return load<int32_t>(bytes, i);
    case ScalarType::kInt64: return static_cast<double>(load<int64_t>(bytes, i));
    case ScalarType::kUint8: return load<uint8_t>(bytes, i);
    case ScalarType::kUint16: return load<uint16_t>(bytes, i);
    case ScalarType::kUint32: return load<uint32_t>(bytes, i);
    case ScalarType::kUint64:
    case ScalarType::kSize: return static_cast<double>(load<uint64_t>(bytes, i));
    case ScalarType::kBool: return load<uint8_t>(bytes, i) != 0;
  }
  return 0;
}

}  // namespace

TensorBuffer::TensorBuffer(ScalarType type, int64_t count)
    : m_type(type),
      m_count(count),
      m_storage((static_cast<std::size_t>(count) * host_element_size(type) + 7) / 8, 0) {}

double TensorBuffer::at(int64_t i) const {
  return element(host_type(m_type), reinterpret_cast<const char*>(m_storage.data()), i);
}

void TensorBuffer::set(int64_t i, double value) {
  char* bytes = reinterpret_cast<char*>(m_storage.data());
  switch (m_type) {
    case ScalarType::kFloat16:
    case ScalarType::kBFloat16:
    case ScalarType::kFloat32: store<float>(bytes, i, static_cast<float>(round_to(m_type, value))); break;
    case ScalarType::kFloat64: store<double>(bytes, i, value); break;
    case ScalarType::kInt8: store<int8_t>(bytes, i, static_cast<int8_t>(value)); break;
    case ScalarType::kInt16: store<int16_t>(bytes, i, static_cast<int16_t>(value)); break;
    case ScalarType::kInt32: store<int32_t>(bytes, i, static_cast<int32_t>(value)); break;
    case ScalarType::kInt64: store<int64_t>(bytes, i, static_cast<int64_t>(value)); break;
    case ScalarType::kUint8: store<uint8_t>(bytes, i, static_cast<uint8_t>(value)); break;
    case ScalarType::kUint16: store<uint16_t>(bytes, i, static_cast<uint16_t>(value)); break;
    case ScalarType::kUint32: store<uint32_t>(bytes, i, static_cast<uint32_t>(value)); break;
    case ScalarType::kUint64:
    case ScalarType::kSize: store<uint64_t>(bytes, i, static_cast<uint64_t>(value)); break;
    case ScalarType::kBool: store<uint8_t>(bytes, i, value != 0); break;
  }
}

std::vector<char> TensorBuffer::device_bytes() const {
  const char* host = reinterpret_cast<const char*>(m_storage.data());
  if (m_type != ScalarType::kFloat16 && m_type != ScalarType::kBFloat16) {
    return std::vector<char>(host, host + device_byte_count());
  }
  std::vector<char> bytes(device_byte_count());
  for (int64_t i = 0; i < m_count; ++i) store<uint16_t>(bytes.data(), i, half_bits(m_type, load<float>(host, i)));
  return bytes;
}

double device_element(ScalarType type, const char* device_bytes, int64_t i) {
  return element(type, device_bytes, i);
}

}  // namespace judge
