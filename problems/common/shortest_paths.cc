#include "problems/common/shortest_paths.h"

#include <cmath>
#include <limits>
#include <vector>

#include "problems/common/parallel.h"

namespace problems {

void dense_shortest_paths(const float* adjacency, int64_t n, int64_t source, float* distances) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const auto size = static_cast<std::size_t>(n);
  std::vector<double> dist(size, kInf);
  std::vector<char> done(size, 0);
  dist[static_cast<std::size_t>(source)] = 0.0;
  for (int64_t round = 0; round < n; ++round) {
    int64_t u = -1;
    for (int64_t v = 0; v < n; ++v) {
      if (!done[v] && dist[v] < kInf && (u < 0 || dist[v] < dist[u])) u = v;
    }
    if (u < 0) break;  // the rest is unreachable
    done[u] = 1;
    const float* row = adjacency + u * n;
    for (int64_t v = 0; v < n; ++v) {
      if (row[v] > 0.0f && dist[u] + row[v] < dist[v]) dist[v] = dist[u] + row[v];
    }
  }
  for (int64_t v = 0; v < n; ++v) distances[v] = dist[v] < kInf ? static_cast<float>(dist[v]) : -1.0f;
}

void shape_graph(float* adjacency, int64_t n) {
  parallel_for(n, [&](int64_t i) {
    for (int64_t j = 0; j < n; ++j) {
      float& entry = adjacency[i * n + j];
      entry = i != j && entry > 0.0f ? std::ceil(entry) : 0.0f;
    }
  });
}

}  // namespace problems
