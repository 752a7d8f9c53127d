// Single-source shortest paths on a dense directed graph: an entry > 0 of the
// adjacency matrix is an edge, anything else none; -1 for unreachable nodes.
// Dijkstra's algorithm in double (every weight is positive).
#include <cstdint>
#include <limits>
#include <vector>

#include "judge/problem/definition.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class ShortestPath : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"d_adj_matrix", "const float*"}, {"source", "int"}, {"d_distances", "float*"}, {"n", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    const int64_t n = size_at_least(args, "n", 1);
    const int64_t source = args.integer("source");
    require(source >= 0 && source < n, "parameter 'source' = " + std::to_string(source) +
                                           " must be a node: at least 0 and below n = " + std::to_string(n));
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t n = args.integer("n");
    return {{"d_adj_matrix", {n, n}}, {"d_distances", {n}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const double n = static_cast<double>(args.integer("n"));
    return n * n;
  }
  std::string flop_formula() const override { return "n^2 (one relaxation per matrix entry, dense Dijkstra)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t n = args.integer("n");
    const float* adj = inputs.at("d_adj_matrix");
    constexpr double kInf = std::numeric_limits<double>::infinity();
    std::vector<double> dist(static_cast<std::size_t>(n), kInf);
    std::vector<bool> done(static_cast<std::size_t>(n), false);
    dist[static_cast<std::size_t>(args.integer("source"))] = 0.0;
    for (int64_t round = 0; round < n; ++round) {
      int64_t u = -1;
      for (int64_t v = 0; v < n; ++v) {
        if (!done[v] && dist[v] < kInf && (u < 0 || dist[v] < dist[u])) u = v;
      }
      if (u < 0) break;  // the rest is unreachable
      done[u] = true;
      for (int64_t v = 0; v < n; ++v) {
        const float w = adj[u * n + v];
        if (w > 0.0f && dist[u] + w < dist[v]) dist[v] = dist[u] + w;
      }
    }
    float* out = outputs.at("d_distances");
    for (int64_t v = 0; v < n; ++v) out[v] = dist[v] < kInf ? static_cast<float>(dist[v]) : -1.0f;
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("shortest-path", problems::ShortestPath);
