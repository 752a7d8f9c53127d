// The matmul core against a plain triple loop in double: every row once,
// rows across GEMM blocks, transposed operands, an empty inner dimension.
#include "problems/common/matmul.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace problems {
namespace {

std::vector<float> random_matrix(int64_t count, unsigned seed) {
  std::mt19937 generator(seed);
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  std::vector<float> out(static_cast<size_t>(count));
  for (float& x : out) x = value(generator);
  return out;
}

// C = A * B, A (m x k) and B (k x n) row-major, in double.
std::vector<double> plain_product(const std::vector<float>& a, const std::vector<float>& b, int64_t m, int64_t n,
                                  int64_t k) {
  std::vector<double> c(static_cast<size_t>(m * n), 0.0);
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      double sum = 0.0;
      for (int64_t p = 0; p < k; ++p) sum += double{a[i * k + p]} * double{b[p * n + j]};
      c[i * n + j] = sum;
    }
  }
  return c;
}

// 300 rows: more than one block of rows, the last one partial.
constexpr int64_t kM = 300, kN = 37, kK = 129;

TEST(MatmulRowsTest, EveryRowOnceAsThePlainProduct) {
  const std::vector<float> a = random_matrix(kM * kK, 1), b = random_matrix(kK * kN, 2);
  const std::vector<double> expected = plain_product(a, b, kM, kN, kK);
  std::vector<double> got(static_cast<size_t>(kM * kN), NAN);
  std::vector<int> seen(kM, 0);
  matmul_rows({a.data(), kK, false}, {b.data(), kN, false}, kM, kN, kK, [&](int64_t row, const double* values) {
    ++seen[row];  // each row comes from one worker, once
    for (int64_t j = 0; j < kN; ++j) got[row * kN + j] = values[j];
  });
  for (int64_t i = 0; i < kM; ++i) ASSERT_EQ(seen[i], 1) << "row " << i;
  for (size_t e = 0; e < got.size(); ++e) ASSERT_NEAR(got[e], expected[e], 1e-12) << "element " << e;
}

TEST(MatmulRowsTest, TransposedOperandsReadTheirTranspose) {
  const std::vector<float> a = random_matrix(kM * kK, 3), b = random_matrix(kK * kN, 4);
  std::vector<float> a_t(a.size()), b_t(b.size());  // stored transposed: (k x m), (n x k)
  for (int64_t i = 0; i < kM; ++i) {
    for (int64_t p = 0; p < kK; ++p) a_t[p * kM + i] = a[i * kK + p];
  }
  for (int64_t p = 0; p < kK; ++p) {
    for (int64_t j = 0; j < kN; ++j) b_t[j * kK + p] = b[p * kN + j];
  }
  const std::vector<double> expected = plain_product(a, b, kM, kN, kK);
  std::vector<double> got(static_cast<size_t>(kM * kN), NAN);
  matmul_rows({a_t.data(), kM, true}, {b_t.data(), kK, true}, kM, kN, kK, [&](int64_t row, const double* values) {
    for (int64_t j = 0; j < kN; ++j) got[row * kN + j] = values[j];
  });
  for (size_t e = 0; e < got.size(); ++e) ASSERT_NEAR(got[e], expected[e], 1e-12) << "element " << e;
}

TEST(MatmulRowsTest, AnEmptyInnerDimensionGivesZeros) {
  std::vector<float> c(6, NAN);
  matmul_to_float(nullptr, nullptr, c.data(), 2, 3, 0);
  for (float x : c) EXPECT_EQ(x, 0.0f);
}

TEST(MatmulDoubleTest, ChainsWithoutRounding) {
  // (I + e E) squared, e = 2^-20: its 1 + e^2 on the diagonal is a double,
  // and would round to 1 in float.
  const int64_t n = 3;
  const double e = std::ldexp(1.0, -20);
  std::vector<double> a(n * n, 0.0), c(n * n, NAN);
  for (int64_t i = 0; i < n; ++i) a[i * n + i] = 1.0;
  a[1] = e;
  a[n] = e;
  matmul_double(a.data(), a.data(), c.data(), n, n, n);
  EXPECT_EQ(c[0], 1.0 + e * e);
  EXPECT_NE(c[0], 1.0);
  EXPECT_EQ(c[1], 2 * e);
  EXPECT_EQ(c[2 * n + 2], 1.0);
}

}  // namespace
}  // namespace problems
