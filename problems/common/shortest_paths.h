// Shortest paths on a dense directed graph given as an n x n float matrix,
// for shortest-path and all-pairs-shortest-path: an entry > 0 is an edge of
// that length, any other entry no edge.
#pragma once

#include <cstdint>

namespace problems {

// Distances from `source` to every node, in double, rounded once to float;
// -1 where no path leads (Dijkstra's algorithm: every weight is positive).
void dense_shortest_paths(const float* adjacency, int64_t n, int64_t source, float* distances);

// Tensara's graphs from uniform draws, in place: an off-diagonal draw x > 0
// becomes the whole-number weight ceil(x), anything else (and the diagonal)
// 0, no edge. A case's range [-a, w) gives weights 1 to w with probability
// w / (w + a).
void shape_graph(float* adjacency, int64_t n);
inline constexpr const char* kGraphShaping =
    "ceil(x) where the draw x > 0 (whole-number weights), else 0 (no edge); zero diagonal";

}  // namespace problems
