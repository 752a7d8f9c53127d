// What the microscaling problems (mxfp8/mxfp4/nvfp4 dequantize, quantize and
// gemm) share beyond the codecs in microscaling.h: their validate() rule,
// the operand decoding and the definitions BlockScaledGemm,
// BlockScaledDequantize and MxQuantize, so that such a problem is its
// formats (and parameter list, where it differs).
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "judge/problem/definition.h"
#include "judge/problem/tensor.h"

namespace problems {

// `rows` >= 1 and `cols` a positive multiple of `block` (the scale block
// length along a row).
void validate_blocked_matrix(const judge::ScalarArgs& args, const std::string& rows, const std::string& cols,
                             int64_t block);

// An NVFP4 global encode scale: finite and positive.
void validate_global_scale(const judge::ScalarArgs& args, const std::string& name);

// The shape of a `rows` x `cols` scale matrix in the 128x4 tiled layout
// (microscaling.h): (rows rounded up to 128, cols rounded up to 4).
judge::Shape swizzled_scale_shape(int64_t rows, int64_t cols);

// How a block-scaled GEMM operand stores its elements and block scales.
enum class ElementCodes { kE4m3, kE2m1Packed };  // one byte each; two per byte, even column low
enum class ScaleCodes { kE8m0, kE4m3 };

// Where the block scales of a (rows x k) matrix lie: row-major, one row of
// k / block scales per row, or in the 128x4 tiled layout (microscaling.h).
enum class ScaleLayout { kRowMajor, kTiled128x4 };

// How a block-scaled matrix codes its elements and block scales.
struct BlockScaledFormat {
  ElementCodes elements;
  ScaleCodes scales;
  int64_t block;  // elements per scale along k
  ScaleLayout layout = ScaleLayout::kTiled128x4;
};

// A (rows x k) block-scaled matrix decoded to float32, row-major, on the
// reference threads: out[r * k + c] = element (r, c) times the scale of block
// (r, c / block) times `factor`, in double, rounded once. With factor 1,
// every product of an E4M3 or E2M1 value and an E8M0 or E4M3 scale is exact
// in float32 while it stays in the normal range, which the test data ensure.
void decode_block_scaled(const uint8_t* codes, const uint8_t* scales, int64_t rows, int64_t k,
                         const BlockScaledFormat& format, double factor, float* out);

// A problem on block-scaled matrices in one `format`, whose decoded values
// are all multiplied by global_factor(args) (1 unless the format has a
// global scale, as NVFP4's).
class BlockScaledProblem : public judge::ProblemDefinition {
 public:
  explicit BlockScaledProblem(BlockScaledFormat format) : m_format(format) {}

 protected:
  const BlockScaledFormat& format() const { return m_format; }
  virtual double global_factor(const judge::ScalarArgs& /*args*/) const { return 1; }

 private:
  BlockScaledFormat m_format;
};

// c (m, n) = A (m, k) * B (n, k)^T with both operands block-scaled in
// `format`: tensors q_a and q_b (rows of codes), scale_a and scale_b (128x4
// tiled), output c, sizes m, n, k. The operands decode exactly to float32
// (decode_block_scaled); the products are summed in double, multiplied by
// global_factor(args) and each element of c rounded once to float32.
// FLOPs: 2 m n k, as upstream. parameters() and validate() are the MX
// GEMMs' (q_a, scale_a, q_b, scale_b, float* c, m, n, k; k and n multiples
// of 32); a format with more parameters overrides them.
class BlockScaledGemm : public BlockScaledProblem {
 public:
  using BlockScaledProblem::BlockScaledProblem;

  std::vector<ParameterDecl> parameters() const override;
  void validate(const judge::ScalarArgs& args) const override;
  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override;
  double flops(const judge::ScalarArgs& args) const override;
  std::string flop_formula() const override { return "2 * m * n * k (as upstream)"; }
  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override;
};

// What a quantization checker found wrong: how many scale and element codes,
// and the first of each (by row, then column), in words. Safe to feed from
// several threads.
class QuantizeFaults {
 public:
  void scale(int64_t row, int64_t block, const std::string& what);
  void element(int64_t row, int64_t col, const std::string& what);
  // nullopt when nothing was reported.
  std::optional<std::string> verdict() const;

 private:
  struct Kind {
    int64_t count = 0;
    int64_t first_row = 0, first_col = 0;
    std::string first;
  };
  void add(Kind& kind, int64_t row, int64_t col, const std::string& what);
  mutable std::mutex m_mutex;
  Kind m_scales, m_elements;
};

// "0x3 (1.5)": a code and the value it stands for.
std::string describe_code(uint8_t code, double value);

// MX quantization of an (m, k) float32 matrix, as torchao's to_mx, with the
// ABI (const float* a, uint8_t* q, uint8_t* scale, size_t m, size_t k), k a
// multiple of 32: per block of 32 elements of a row, the E8M0 scale from the
// largest exponent (FLOOR rule, mx_scale_code), then each element times
// 2^(127 - scale) cast to `elements` (E4M3 one per byte, or E2M1 packed two
// to a byte, even column low). Scales row-major, one per block.
class MxQuantize : public judge::ProblemDefinition {
 public:
  explicit MxQuantize(ElementCodes elements) : m_elements(elements) {}

  std::vector<ParameterDecl> parameters() const override;
  void validate(const judge::ScalarArgs& args) const override;
  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override;
  double flops(const judge::ScalarArgs& args) const override;
  std::string flop_formula() const override {
    return "2 * m * k (a max and a scaling multiply per element; upstream counts none)";
  }
  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override;
  bool has_checker() const override { return true; }
  std::optional<std::string> check(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                                   const judge::ConstTensors& expected, const judge::ConstTensors& actual,
                                   const judge::Tolerance& tolerance) const override;

 private:
  ElementCodes m_elements;
};

// Dequantization of an (m, k) block-scaled matrix in `format`, with the MX
// ABI (const uint8_t* q, const uint8_t* scale, float* out, size_t m,
// size_t k), k a multiple of the block: out = decode_block_scaled(...,
// global_factor(args)). A format with more parameters (NVFP4's sf_g)
// overrides parameters() and validate(); each problem states its FLOPs.
class BlockScaledDequantize : public BlockScaledProblem {
 public:
  using BlockScaledProblem::BlockScaledProblem;

  std::vector<ParameterDecl> parameters() const override;
  void validate(const judge::ScalarArgs& args) const override { validate_blocked_matrix(args, "m", "k", format().block); }
  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override;
  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override;
};

}  // namespace problems
