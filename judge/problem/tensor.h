// A tensor's elements on the host, typed: what the judge generates, hands to
// a reference, uploads to the runner and compares with.
//
// A TensorBuffer holds elements in host_type(type) (float32 for float16 and
// bfloat16, the type itself otherwise; see scalar_type.h) and converts to
// the device's bytes on request. References see views of these buffers.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "judge/problem/scalar_type.h"
#include "judge/problem/tensor_storage.h"

namespace judge {

using Shape = std::vector<int64_t>;

int64_t element_count(const Shape& shape);

namespace tensor_detail {
template <typename T>
inline constexpr bool kNoScalarType = false;

// The ScalarType a C++ element type is on the host: the first row of
// JUDGE_SCALAR_TYPES whose element is T (uint64_t: uint64, not size_t).
template <typename T>
constexpr ScalarType host_type_of() {
#define JUDGE_SCALAR_TYPE_MATCH(name, c, dtype, descr, device, offered) \
  if constexpr (std::is_same_v<T, device>) return ScalarType::name; else
  JUDGE_SCALAR_TYPES(JUDGE_SCALAR_TYPE_MATCH)
#undef JUDGE_SCALAR_TYPE_MATCH
  static_assert(kNoScalarType<T>, "no scalar type holds this C++ type");
}

// size_t and uint64 share a host representation.
inline bool same_host_type(ScalarType held, ScalarType wanted) {
  auto canonical = [](ScalarType t) { return t == ScalarType::kSize ? ScalarType::kUint64 : host_type(t); };
  return canonical(held) == canonical(wanted);
}

[[noreturn]] void wrong_type(ScalarType held, ScalarType wanted);
}  // namespace tensor_detail

// Read-only view of a tensor for a reference. Converts to `const float*`
// so float references read `const float* x = inputs.at("x");`; any other
// element type is read with as<T>(). A view of the wrong type throws
// std::logic_error naming both types (a bug of the definition).
class ConstTensor {
 public:
  ConstTensor() = default;
  ConstTensor(ScalarType type, const void* data) : m_type(type), m_data(data) {}
  ScalarType type() const { return m_type; }  // the device element type
  template <typename T>
  const T* as() const {
    if (!tensor_detail::same_host_type(m_type, tensor_detail::host_type_of<T>())) {
      tensor_detail::wrong_type(m_type, tensor_detail::host_type_of<T>());
    }
    return static_cast<const T*>(m_data);
  }
  operator const float*() const { return as<float>(); }  // NOLINT: the float problems' spelling

 private:
  ScalarType m_type = ScalarType::kFloat32;
  const void* m_data = nullptr;
};

// Writable view of an output tensor for a reference.
class MutableTensor {
 public:
  MutableTensor() = default;
  MutableTensor(ScalarType type, void* data) : m_type(type), m_data(data) {}
  ScalarType type() const { return m_type; }
  template <typename T>
  T* as() const {
    if (!tensor_detail::same_host_type(m_type, tensor_detail::host_type_of<T>())) {
      tensor_detail::wrong_type(m_type, tensor_detail::host_type_of<T>());
    }
    return static_cast<T*>(m_data);
  }
  operator float*() const { return as<float>(); }  // NOLINT

 private:
  ScalarType m_type = ScalarType::kFloat32;
  void* m_data = nullptr;
};

class TensorBuffer {
 public:
  TensorBuffer() = default;
  TensorBuffer(ScalarType type, int64_t count);  // zero-filled

  ScalarType type() const { return m_type; }  // the device element type
  int64_t size() const { return m_count; }

  ConstTensor view() const { return {m_type, m_storage.data()}; }
  MutableTensor mutable_view() { return {m_type, m_storage.data()}; }
  // The elements in host_type(type()): float for float16 tensors.
  template <typename T>
  std::span<const T> values() const {
    return {view().as<T>(), static_cast<std::size_t>(m_count)};
  }
  template <typename T>
  std::span<T> mutable_values() {
    return {mutable_view().as<T>(), static_cast<std::size_t>(m_count)};
  }

  // Element i as a double (exact for every type but 64-bit integers beyond
  // 2^53), for tests and messages.
  double at(int64_t i) const;
  // Sets element i from a double, rounding to the element type as a device
  // would store it (float16 elements are rounded to float16).
  void set(int64_t i, double value);

  // The bytes a device holds: element_size(type()) per element.
  std::vector<char> device_bytes() const;
  // Elements [first, first + count) as a device holds them, written to `out`
  // (count * element_size(type()) bytes): a large tensor in slices, without
  // a second copy of it.
  void copy_device_bytes(int64_t first, int64_t count, char* out) const;
  // Calls visit(byte_offset, bytes, byte_count) on the device bytes a slice
  // of at most `max_bytes` (at least one element) at a time, in order, while
  // it returns true; false if a visit stopped it.
  template <typename Visit>
  bool for_each_device_slice(std::size_t max_bytes, Visit visit) const {
    const std::size_t size = element_size(m_type);
    const int64_t slice_elements = std::max<int64_t>(1, static_cast<int64_t>(max_bytes / size));
    std::vector<char> slice;
    for (int64_t first = 0; first < m_count; first += slice_elements) {
      const int64_t count = std::min(slice_elements, m_count - first);
      slice.resize(static_cast<std::size_t>(count) * size);
      copy_device_bytes(first, count, slice.data());
      if (!visit(first * static_cast<int64_t>(size), slice.data(), slice.size())) return false;
    }
    return true;
  }
  // A buffer from `count` elements of a device buffer (the inverse).
  static TensorBuffer from_device_bytes(ScalarType type, const char* device_bytes, int64_t count);
  // Do the elements live in a file (tensor_storage.h)?
  bool spilled() const { return tensor_storage::is_spilled(m_storage.data()); }
  std::size_t device_byte_count() const { return static_cast<std::size_t>(m_count) * element_size(m_type); }

  bool operator==(const TensorBuffer& other) const {
    return m_type == other.m_type && m_count == other.m_count && m_storage == other.m_storage;
  }

 private:
  ScalarType m_type = ScalarType::kFloat32;
  int64_t m_count = 0;
  // 8-byte words: aligned for every type. Large ones may live in a file
  // (tensor_storage.h).
  std::vector<uint64_t, tensor_storage::Allocator<uint64_t>> m_storage;
};

// Element i of `device_bytes` (a device buffer of `type`) as a double.
double device_element(ScalarType type, const char* device_bytes, int64_t i);

}  // namespace judge
