// Replaces the toolkit's sequential radix sort behind thrust::sort and
// thrust::sort_by_key on primitive keys with the default order (the CPU
// backend runs Thrust's C++ system, see prelude.h). The toolkit's version
// encodes `int` keys as 64-bit values and sorts negative ints after positive
// ones on LP64 hosts. This one sorts a copy of the keys with std::stable_sort
// on an order-preserving unsigned encoding of each key (floats as their
// radix-sort bit patterns, so -0.0 < +0.0 and NaNs land where a GPU's radix
// sort puts them), then writes keys and values back.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <type_traits>
#include <vector>

#include <thrust/detail/config.h>
#include <thrust/iterator/iterator_traits.h>

THRUST_NAMESPACE_BEGIN
namespace system {
namespace detail {
namespace sequential {
namespace cucpu_radix {

// An unsigned value whose order is the key's ascending order.
template <class Key>
auto sortable_bits(Key key) {
  if constexpr (std::is_floating_point_v<Key>) {
    using Bits = std::conditional_t<sizeof(Key) == 4, std::uint32_t, std::uint64_t>;
    Bits bits;
    std::memcpy(&bits, &key, sizeof bits);
    const Bits sign = Bits(1) << (8 * sizeof(Bits) - 1);
    return (bits & sign) ? Bits(~bits) : Bits(bits | sign);
  } else if constexpr (std::is_signed_v<Key>) {
    using Bits = std::make_unsigned_t<Key>;
    return Bits(Bits(key) ^ (Bits(1) << (8 * sizeof(Bits) - 1)));
  } else {
    return key;
  }
}

// Positions 0..n-1 ordered stably by their keys.
template <class Key>
std::vector<std::size_t> stable_order(const std::vector<Key>& keys) {
  std::vector<std::size_t> order(keys.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&keys](std::size_t a, std::size_t b) {
    return sortable_bits(keys[a]) < sortable_bits(keys[b]);
  });
  return order;
}

}  // namespace cucpu_radix

template <typename DerivedPolicy, typename RandomAccessIterator>
_CCCL_HOST_DEVICE void stable_radix_sort(sequential::execution_policy<DerivedPolicy>&, RandomAccessIterator begin,
                                         RandomAccessIterator end) {
  using Key = typename thrust::iterator_value<RandomAccessIterator>::type;
  std::vector<Key> keys(begin, end);
  std::vector<std::size_t> order = cucpu_radix::stable_order(keys);
  RandomAccessIterator out = begin;
  for (std::size_t i : order) *out++ = keys[i];
}

template <typename DerivedPolicy, typename RandomAccessIterator1, typename RandomAccessIterator2>
_CCCL_HOST_DEVICE void stable_radix_sort_by_key(sequential::execution_policy<DerivedPolicy>&,
                                                RandomAccessIterator1 keys_begin, RandomAccessIterator1 keys_end,
                                                RandomAccessIterator2 values_begin) {
  using Key = typename thrust::iterator_value<RandomAccessIterator1>::type;
  using Value = typename thrust::iterator_value<RandomAccessIterator2>::type;
  std::vector<Key> keys(keys_begin, keys_end);
  std::vector<Value> values(values_begin, values_begin + (keys_end - keys_begin));
  std::vector<std::size_t> order = cucpu_radix::stable_order(keys);
  RandomAccessIterator1 key_out = keys_begin;
  RandomAccessIterator2 value_out = values_begin;
  for (std::size_t i : order) {
    *key_out++ = keys[i];
    *value_out++ = values[i];
  }
}

}  // namespace sequential
}  // namespace detail
}  // namespace system
THRUST_NAMESPACE_END
