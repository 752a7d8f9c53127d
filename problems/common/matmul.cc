#include "problems/common/matmul.h"

#include <Eigen/Core>
#include <algorithm>

#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

using RowMajorMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Rows of C computed by one GEMM call: enough that packing B (which Eigen
// does once per call) costs little next to the multiply-adds, few enough
// that each worker's A rows and C rows (in double) stay some megabytes.
constexpr int64_t kRowBlock = 256;

// B as a contiguous row-major (k x n) double matrix: one conversion up front,
// whatever B's layout.
std::vector<double> contiguous_b(const MatrixOperand& b, int64_t n, int64_t k) {
  std::vector<double> out(static_cast<size_t>(k * n));
  parallel_for(k, [&](int64_t r) {
    double* row = out.data() + r * n;
    if (b.transposed) {
      for (int64_t c = 0; c < n; ++c) row[c] = b.data[c * b.rows_stride + r];
    } else {
      const float* src = b.data + r * b.rows_stride;
      for (int64_t c = 0; c < n; ++c) row[c] = src[c];
    }
  });
  return out;
}

double a_element(const MatrixOperand& a, int64_t r, int64_t c) {
  return a.transposed ? a.data[c * a.rows_stride + r] : a.data[r * a.rows_stride + c];
}

// c_rows (rows x n) = a_rows (rows x k) * b (k x n), all row-major: one
// double GEMM (Eigen's blocked kernel: products and sums in double, in an
// order of its own).
void block_product(const double* a_rows, const double* b, int64_t rows, int64_t n, int64_t k, double* c_rows) {
  Eigen::Map<const RowMajorMatrix> a_view(a_rows, rows, k);
  Eigen::Map<const RowMajorMatrix> b_view(b, k, n);
  Eigen::Map<RowMajorMatrix> c_view(c_rows, rows, n);
  if (k == 0) {
    c_view.setZero();
    return;
  }
  c_view.noalias() = a_view * b_view;
}

}  // namespace

void matmul_rows(const MatrixOperand& a, const MatrixOperand& b, int64_t m, int64_t n, int64_t k,
                 const RowSink& sink) {
  const std::vector<double> b_full = contiguous_b(b, n, k);
  const int64_t blocks = (m + kRowBlock - 1) / kRowBlock;
  parallel_for(blocks, [&](int64_t block) {
    const int64_t row0 = block * kRowBlock;
    const int64_t rows = std::min(kRowBlock, m - row0);
    double* a_rows = scratch_buffer(1, rows * k);
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t d = 0; d < k; ++d) a_rows[r * k + d] = a_element(a, row0 + r, d);
    }
    double* acc = scratch_buffer(0, rows * n);
    block_product(a_rows, b_full.data(), rows, n, k, acc);
    for (int64_t r = 0; r < rows; ++r) sink(row0 + r, acc + r * n);
  });
}

void matmul_to_float(const float* a, const float* b, float* c, int64_t m, int64_t n, int64_t k) {
  matmul_rows({a, k, false}, {b, n, false}, m, n, k, [&](int64_t row, const double* values) {
    float* out = c + row * n;
    for (int64_t j = 0; j < n; ++j) out[j] = static_cast<float>(values[j]);
  });
}

void matmul_double(const double* a, const double* b, double* c, int64_t m, int64_t n, int64_t k) {
  const int64_t blocks = (m + kRowBlock - 1) / kRowBlock;
  parallel_for(blocks, [&](int64_t block) {
    const int64_t row0 = block * kRowBlock;
    const int64_t rows = std::min(kRowBlock, m - row0);
    block_product(a + row0 * k, b, rows, n, k, c + row0 * n);
  });
}

namespace {

// The `triangle` of an n x n matrix, the rest zero.
std::vector<float> masked_triangle(const float* matrix, int64_t n, Triangle triangle) {
  std::vector<float> out(static_cast<size_t>(n * n), 0.0f);
  parallel_for(n, [&](int64_t r) {
    for (int64_t c = 0; c < n; ++c) {
      if (triangle == Triangle::kLower ? c <= r : c >= r) out[r * n + c] = matrix[r * n + c];
    }
  });
  return out;
}

}  // namespace

std::vector<judge::ProblemDefinition::ParameterDecl> SquareMatmul::parameters() const {
  return {{"input_a", "const float*"}, {"input_b", "const float*"}, {"output_c", "float*"}, {"n", "size_t"}};
}

void SquareMatmul::validate(const judge::ScalarArgs& args) const { size_at_least(args, "n", 1); }

std::map<std::string, judge::Shape> SquareMatmul::tensor_shapes(const judge::ScalarArgs& args) const {
  const int64_t n = args.integer("n");
  return {{"input_a", {n, n}}, {"input_b", {n, n}}, {"output_c", {n, n}}};
}

double SquareMatmul::flops(const judge::ScalarArgs& args) const {
  const double n = static_cast<double>(args.integer("n"));
  return 2.0 * n * n * n;
}

void SquareMatmul::reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                             const judge::MutableTensors& outputs) const {
  const int64_t n = args.integer("n");
  matmul_to_float(inputs.at("input_a"), inputs.at("input_b"), outputs.at("output_c"), n, n, n);
}

double TriangularMatmul::flops(const judge::ScalarArgs& args) const {
  const double n = static_cast<double>(args.integer("n"));
  return n * (n + 1) * (n + 2) / 3;
}

void TriangularMatmul::shape_inputs(const judge::ScalarArgs& args, const judge::MutableTensors& inputs) const {
  const int64_t n = args.integer("n");
  for (const char* name : {"input_a", "input_b"}) {
    float* matrix = inputs.at(name);
    parallel_for(n, [&](int64_t r) {
      for (int64_t c = 0; c < n; ++c) {
        if (m_triangle == Triangle::kLower ? c > r : c < r) matrix[r * n + c] = 0.0f;
      }
    });
  }
}

std::string TriangularMatmul::input_shaping() const {
  return m_triangle == Triangle::kLower ? "input_a and input_b lower triangular: zeros above the diagonal"
                                        : "input_a and input_b upper triangular: zeros below the diagonal";
}

void TriangularMatmul::reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                                 const judge::MutableTensors& outputs) const {
  const int64_t n = args.integer("n");
  const std::vector<float> a = masked_triangle(inputs.at("input_a"), n, m_triangle);
  const std::vector<float> b = masked_triangle(inputs.at("input_b"), n, m_triangle);
  matmul_to_float(a.data(), b.data(), outputs.at("output_c"), n, n, n);
}

}  // namespace problems
