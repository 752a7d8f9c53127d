// The matrix-multiplication core the matmul family of references shares:
// C = A * B with float inputs and double accumulation: Eigen's GEMM in
// double on blocks of rows, spread over the reference threads. A problem's
// epilogue (bias, activation, reduction) sees each finished row of C in
// double, so every fused step is computed from the exact product before one
// final rounding.
// SquareMatmul is the whole definition of the square-matrix products, which
// TriangularMatmul and the symmetric product extend.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "judge/problem/definition.h"

namespace problems {

// A row-major float matrix operand: element (r, c) is data[r * rows_stride + c]
// (rows_stride is the row length of the stored matrix), or, when
// `transposed`, data[c * rows_stride + r], i.e. the stored matrix is the
// operand's transpose (the weight of a linear layer, W in x W^T).
struct MatrixOperand {
  const float* data = nullptr;
  int64_t rows_stride = 0;
  bool transposed = false;
};

// Receives row `row` of the product: `values` holds its `n` entries in
// double. Called once per row, from worker threads (rows in any order, never
// two calls for the same row).
using RowSink = std::function<void(int64_t row, const double* values)>;

// C (m x n) = A (m x k) * B (k x n), every product and sum in double. k may
// be 0 (C is then all zeros). Rows are handed to `sink` when complete.
void matmul_rows(const MatrixOperand& a, const MatrixOperand& b, int64_t m, int64_t n, int64_t k,
                 const RowSink& sink);

// The common case: contiguous row-major A (m x k), B (k x n), and C stored
// as float, each element rounded once from its double sum.
void matmul_to_float(const float* a, const float* b, float* c, int64_t m, int64_t n, int64_t k);

// The same product into a double matrix (m x n, row-major), for chains of
// products (matrix powers) that must not round in between.
void matmul_double(const double* a, const double* b, double* c, int64_t m, int64_t n, int64_t k);

// C (n x n) = A (n x n) * B (n x n) with the ABI (const float* input_a,
// const float* input_b, float* output_c, size_t n), n >= 1, in double
// (matmul_to_float). FLOPs: 2 n^3. Problems on structured square operands
// (symmetric, triangular) extend it.
class SquareMatmul : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override;
  void validate(const judge::ScalarArgs& args) const override;
  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override;
  double flops(const judge::ScalarArgs& args) const override;
  std::string flop_formula() const override { return "2 * n^3"; }
  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override;
};

// Which triangle of a square matrix a TriangularMatmul keeps (diagonal
// included); the other is masked to zero.
enum class Triangle { kLower, kUpper };

// C = tri(A) * tri(B), a SquareMatmul whose inputs have the triangle other
// than `triangle` masked to zero. FLOPs: n (n + 1) (n + 2) / 3, the
// multiply-adds with no zero factor. The test inputs are triangular, as
// Tensara's (shape_inputs zeroes the other triangle), so a solution may read
// them whole.
class TriangularMatmul : public SquareMatmul {
 public:
  explicit TriangularMatmul(Triangle triangle) : m_triangle(triangle) {}

  double flops(const judge::ScalarArgs& args) const override;
  std::string flop_formula() const override { return "n (n + 1) (n + 2) / 3"; }
  void shape_inputs(const judge::ScalarArgs& args, const judge::MutableTensors& inputs) const override;
  std::string input_shaping() const override;
  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override;

 private:
  Triangle m_triangle;
};

}  // namespace problems
