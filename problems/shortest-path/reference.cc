// Single-source shortest paths on a dense directed graph: an entry > 0 of the
// adjacency matrix is an edge, anything else none; -1 for unreachable nodes.
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/scalar_checks.h"
#include "problems/common/shortest_paths.h"

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

  // Tensara's kind of graph (shortest_paths.h); the range's negative part
  // sets the density.
  void shape_inputs(const judge::ScalarArgs& args, const judge::MutableTensors& inputs) const override {
    shape_graph(inputs.at("d_adj_matrix"), args.integer("n"));
  }
  std::string input_shaping() const override { return std::string("d_adj_matrix: ") + kGraphShaping; }

  double flops(const judge::ScalarArgs& args) const override {
    const double n = static_cast<double>(args.integer("n"));
    return n * n;
  }
  std::string flop_formula() const override { return "n^2 (one relaxation per matrix entry, dense Dijkstra)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    dense_shortest_paths(inputs.at("d_adj_matrix"), args.integer("n"), args.integer("source"),
                         outputs.at("d_distances"));
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("shortest-path", problems::ShortestPath);
