// CUDA's atomic functions on any memory (global or shared). Blocks run on
// several worker threads at once, so every operation is a real atomic
// read-modify-write (GCC __atomic builtins); floating-point and the wrapping
// forms use compare-and-swap loops.
#pragma once

#include <cstring>
#include <type_traits>

namespace cucpu::detail {

template <class T>
using atomic_bits_t = std::conditional_t<sizeof(T) == 2, unsigned short,
                      std::conditional_t<sizeof(T) == 4, unsigned int, unsigned long long>>;

// Applies `update(old)` atomically, returning the old value. Works on the bit
// pattern, so it serves float, double and half as well as integers.
template <class T, class Update>
inline T atomic_update(T* address, Update update) {
  using Bits = atomic_bits_t<T>;
  static_assert(sizeof(T) == sizeof(Bits), "unsupported atomic operand size");
  Bits* word = reinterpret_cast<Bits*>(address);
  Bits expected = __atomic_load_n(word, __ATOMIC_RELAXED);
  for (;;) {
    T old_value;
    std::memcpy(&old_value, &expected, sizeof(T));
    T new_value = update(old_value);
    Bits desired;
    std::memcpy(&desired, &new_value, sizeof(T));
    if (__atomic_compare_exchange_n(word, &expected, desired, true, __ATOMIC_SEQ_CST,
                                    __ATOMIC_RELAXED)) {
      return old_value;
    }
  }
}

}  // namespace cucpu::detail

#define CUCPU_INTEGER_ATOMICS(T)                                                                  \
  inline T atomicAdd(T* a, T v) { return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST); }           \
  inline T atomicSub(T* a, T v) { return __atomic_fetch_sub(a, v, __ATOMIC_SEQ_CST); }           \
  inline T atomicExch(T* a, T v) { return __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST); }         \
  inline T atomicAnd(T* a, T v) { return __atomic_fetch_and(a, v, __ATOMIC_SEQ_CST); }           \
  inline T atomicOr(T* a, T v) { return __atomic_fetch_or(a, v, __ATOMIC_SEQ_CST); }             \
  inline T atomicXor(T* a, T v) { return __atomic_fetch_xor(a, v, __ATOMIC_SEQ_CST); }           \
  inline T atomicMax(T* a, T v) {                                                                 \
    return ::cucpu::detail::atomic_update(a, [v](T old) { return old < v ? v : old; });           \
  }                                                                                               \
  inline T atomicMin(T* a, T v) {                                                                 \
    return ::cucpu::detail::atomic_update(a, [v](T old) { return v < old ? v : old; });           \
  }                                                                                               \
  inline T atomicCAS(T* a, T compare, T v) {                                                      \
    __atomic_compare_exchange_n(a, &compare, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);       \
    return compare;                                                                               \
  }

CUCPU_INTEGER_ATOMICS(int)
CUCPU_INTEGER_ATOMICS(unsigned int)
CUCPU_INTEGER_ATOMICS(unsigned long long)
CUCPU_INTEGER_ATOMICS(long long)
#undef CUCPU_INTEGER_ATOMICS

inline unsigned short atomicCAS(unsigned short* a, unsigned short compare, unsigned short v) {
  __atomic_compare_exchange_n(a, &compare, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return compare;
}

inline float atomicAdd(float* a, float v) {
  return ::cucpu::detail::atomic_update(a, [v](float old) { return old + v; });
}
inline double atomicAdd(double* a, double v) {
  return ::cucpu::detail::atomic_update(a, [v](double old) { return old + v; });
}
inline float atomicExch(float* a, float v) {
  return ::cucpu::detail::atomic_update(a, [v](float) { return v; });
}
inline float atomicMax(float* a, float v) {
  return ::cucpu::detail::atomic_update(a, [v](float old) { return old < v ? v : old; });
}
inline float atomicMin(float* a, float v) {
  return ::cucpu::detail::atomic_update(a, [v](float old) { return v < old ? v : old; });
}
inline double atomicMax(double* a, double v) {
  return ::cucpu::detail::atomic_update(a, [v](double old) { return old < v ? v : old; });
}
inline double atomicMin(double* a, double v) {
  return ::cucpu::detail::atomic_update(a, [v](double old) { return v < old ? v : old; });
}
inline __half atomicAdd(__half* a, __half v) {
  return ::cucpu::detail::atomic_update(a, [v](__half old) { return __float2half(__half2float(old) + __half2float(v)); });
}
inline __half2 atomicAdd(__half2* a, __half2 v) {
  return ::cucpu::detail::atomic_update(a, [v](__half2 old) {
    return __halves2half2(__float2half(__half2float(old.x) + __half2float(v.x)),
                          __float2half(__half2float(old.y) + __half2float(v.y)));
  });
}

// Wrapping increment/decrement with CUDA's exact rules.
inline unsigned int atomicInc(unsigned int* a, unsigned int limit) {
  return ::cucpu::detail::atomic_update(a, [limit](unsigned old) { return old >= limit ? 0u : old + 1; });
}
inline unsigned int atomicDec(unsigned int* a, unsigned int limit) {
  return ::cucpu::detail::atomic_update(
      a, [limit](unsigned old) { return (old == 0 || old > limit) ? limit : old - 1; });
}

// Scoped variants behave like the device-wide forms (which are stronger).
#define CUCPU_SCOPED_ATOMIC(name)                                                  \
  template <class... A> inline auto name##_block(A... a) { return name(a...); }   \
  template <class... A> inline auto name##_system(A... a) { return name(a...); }
CUCPU_SCOPED_ATOMIC(atomicAdd)
CUCPU_SCOPED_ATOMIC(atomicSub)
CUCPU_SCOPED_ATOMIC(atomicExch)
CUCPU_SCOPED_ATOMIC(atomicMax)
CUCPU_SCOPED_ATOMIC(atomicMin)
CUCPU_SCOPED_ATOMIC(atomicAnd)
CUCPU_SCOPED_ATOMIC(atomicOr)
CUCPU_SCOPED_ATOMIC(atomicXor)
CUCPU_SCOPED_ATOMIC(atomicCAS)
CUCPU_SCOPED_ATOMIC(atomicInc)
CUCPU_SCOPED_ATOMIC(atomicDec)
#undef CUCPU_SCOPED_ATOMIC
