// All-pairs shortest paths on a dense directed graph: a nonzero entry of the
// adjacency matrix is an edge, as Tensara's; the diagonal ignored; -1 for
// unreachable pairs. The test graphs are Tensara's kind: whole-number
// weights 1 to 19, no self-loops, never negative, so "> 0" (what the shared
// Dijkstra reads) and "nonzero" are the same edges. One Dijkstra per source,
// in double, sources in parallel.
#include <cstdint>

#include "judge/problem/definition.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"
#include "problems/common/shortest_paths.h"

namespace problems {
namespace {

class AllPairsShortestPath : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"adj_matrix", "const float*"}, {"output", "float*"}, {"n", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override { size_at_least(args, "n", 1); }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t n = args.integer("n");
    return {{"adj_matrix", {n, n}}, {"output", {n, n}}};
  }

  // Tensara's kind of graph (shortest_paths.h); the range's negative part
  // sets the density.
  void shape_inputs(const judge::ScalarArgs& args, const judge::MutableTensors& inputs) const override {
    shape_graph(inputs.at("adj_matrix"), args.integer("n"));
  }
  std::string input_shaping() const override { return std::string("adj_matrix: ") + kGraphShaping; }

  double flops(const judge::ScalarArgs& args) const override {
    const double n = static_cast<double>(args.integer("n"));
    return 2.0 * n * n * n;
  }
  std::string flop_formula() const override { return "2 * n^3 (an addition and a comparison per Floyd-Warshall step)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t n = args.integer("n");
    const float* adj = inputs.at("adj_matrix");
    float* out = outputs.at("output");
    // A self-loop never shortens a path, so the diagonal needs no masking:
    // the source's distance to itself is 0 from the start.
    parallel_for(n, [&](int64_t source) { dense_shortest_paths(adj, n, source, out + source * n); });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("all-pairs-shortest-path", problems::AllPairsShortestPath);
