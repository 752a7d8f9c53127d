#include "judge/problem/tensor.h"

#include <cstring>
#include <stdexcept>
#include <string>

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

TensorBuffer::TensorBuffer(ScalarType type, int64_t count)
    : m_type(type),
      m_count(count),
      m_storage((static_cast<std::size_t>(count) * host_element_size(type) + 7) / 8, 0) {}

double TensorBuffer::at(int64_t i) const { return load_device_element(host_type(m_type), m_storage.data(), i); }

void TensorBuffer::set(int64_t i, double value) { store_host_element(m_type, m_storage.data(), i, value); }

std::vector<char> TensorBuffer::device_bytes() const {
  std::vector<char> bytes(device_byte_count());
  copy_device_bytes(0, m_count, bytes.data());
  return bytes;
}

void TensorBuffer::copy_device_bytes(int64_t first, int64_t count, char* out) const {
  if (first < 0 || count < 0 || first + count > m_count) {
    throw std::out_of_range("device bytes of elements [" + std::to_string(first) + ", " +
                            std::to_string(first + count) + ") of a tensor of " + std::to_string(m_count));
  }
  const std::size_t size = element_size(m_type);
  if (host_type(m_type) == m_type) {
    std::memcpy(out, reinterpret_cast<const char*>(m_storage.data()) + first * static_cast<int64_t>(size),
                static_cast<std::size_t>(count) * size);
    return;
  }
  // Narrow floats: each element rounded (exactly: it was rounded when set)
  // to the device type's bits.
  for (int64_t i = 0; i < count; ++i) {
    const uint64_t bits = device_bits(m_type, 0, at(first + i));
    std::memcpy(out + i * static_cast<int64_t>(size), &bits, size);
  }
}

TensorBuffer TensorBuffer::from_device_bytes(ScalarType type, const char* device_bytes, int64_t count) {
  TensorBuffer buffer(type, count);
  if (host_type(type) == type) {
    std::memcpy(buffer.m_storage.data(), device_bytes, buffer.device_byte_count());
  } else {
    for (int64_t i = 0; i < count; ++i) buffer.set(i, load_device_element(type, device_bytes, i));
  }
  return buffer;
}

double device_element(ScalarType type, const char* device_bytes, int64_t i) {
  return load_device_element(type, device_bytes, i);
}

}  // namespace judge
