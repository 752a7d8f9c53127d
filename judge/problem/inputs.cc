#include "judge/problem/inputs.h"

#include <algorithm>
#include <thread>
#include <vector>

#include "judge/problem/philox.h"

namespace judge {
namespace {
// Below this many elements a thread costs more than it saves.
constexpr int64_t kElementsPerThread = 1 << 16;
}  // namespace

uint64_t fnv1a64(const std::string& text) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 0x100000001b3ull;
  }
  return hash;
}

uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

uint64_t input_stream_key(const std::string& problem_slug, const std::string& case_name,
                          const std::string& tensor_name, uint64_t seed) {
  std::string stream = problem_slug;
  stream += '\0';
  stream += case_name;
  stream += '\0';
  stream += tensor_name;
  return splitmix64(fnv1a64(stream) ^ seed);
}

void fill_uniform(float* out, int64_t count, uint64_t key64, float lo, float hi, unsigned threads,
                  uint64_t first_index) {
  if (count <= 0) return;
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  const int64_t useful = std::max<int64_t>(1, count / kElementsPerThread);
  const int64_t workers = std::min<int64_t>(threads, useful);
  auto fill_range = [=](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) out[i] = uniform_element(key64, first_index + i, lo, hi);
  };
  if (workers == 1) {
    fill_range(0, count);
    return;
  }
  std::vector<std::thread> pool;
  const int64_t chunk = (count + workers - 1) / workers;
  for (int64_t begin = 0; begin < count; begin += chunk) {
    pool.emplace_back(fill_range, begin, std::min(count, begin + chunk));
  }
  for (std::thread& thread : pool) thread.join();
}

}  // namespace judge
