#include "problems/common/mx_problems.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "problems/common/matmul.h"
#include "problems/common/microscaling.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {

void validate_blocked_matrix(const judge::ScalarArgs& args, const std::string& rows, const std::string& cols,
                             int64_t block) {
  size_at_least(args, rows, 1);
  const int64_t extent = size_at_least(args, cols, block);
  require(extent % block == 0, cols + " = " + std::to_string(extent) + " must be a multiple of the scale block, " +
                                   std::to_string(block) + " (each row splits into whole blocks)");
}

void validate_global_scale(const judge::ScalarArgs& args, const std::string& name) {
  const double value = finite_real(args, name);
  require(value > 0, name + " = " + std::to_string(value) + " must be positive (it scales the whole tensor)");
}

judge::Shape swizzled_scale_shape(int64_t rows, int64_t cols) { return {(rows + 127) / 128 * 128, (cols + 3) / 4 * 4}; }

void decode_block_scaled(const uint8_t* codes, const uint8_t* scales, int64_t rows, int64_t k,
                         const BlockScaledFormat& format, double factor, float* out) {
  namespace mx = microscaling;
  const int64_t scale_cols = k / format.block;
  parallel_for(rows, [&](int64_t row) {
    for (int64_t col = 0; col < k; ++col) {
      const int64_t block = col / format.block;
      const uint8_t scale_code = scales[format.layout == ScaleLayout::kRowMajor
                                            ? row * scale_cols + block
                                            : mx::swizzled_scale_offset(row, block, scale_cols)];
      const double scale =
          format.scales == ScaleCodes::kE8m0 ? mx::e8m0_value(scale_code) : mx::e4m3_value(scale_code);
      const double element = format.elements == ElementCodes::kE4m3
                                 ? mx::e4m3_value(codes[row * k + col])
                                 : mx::e2m1_value(mx::fp4_nibble(codes[(row * k + col) / 2], col));
      out[row * k + col] = static_cast<float>(element * scale * factor);
    }
  });
}

namespace {

namespace mx = microscaling;

// Stored columns of a row of `cols` elements coded as `elements`.
int64_t code_columns(int64_t cols, ElementCodes elements) {
  return elements == ElementCodes::kE2m1Packed ? cols / 2 : cols;
}

}  // namespace

std::vector<judge::ProblemDefinition::ParameterDecl> BlockScaledGemm::parameters() const {
  return {{"q_a", "const uint8_t*"}, {"scale_a", "const uint8_t*"}, {"q_b", "const uint8_t*"},
          {"scale_b", "const uint8_t*"}, {"c", "float*"}, {"m", "size_t"}, {"n", "size_t"}, {"k", "size_t"}};
}

void BlockScaledGemm::validate(const judge::ScalarArgs& args) const {
  validate_blocked_matrix(args, "m", "k", mx::kMxBlock);
  const int64_t n = size_at_least(args, "n", mx::kMxBlock);
  require(n % mx::kMxBlock == 0, "n = " + std::to_string(n) + " must be a multiple of 32 (upstream's rule for B)");
}

std::map<std::string, judge::Shape> BlockScaledGemm::tensor_shapes(const judge::ScalarArgs& args) const {
  const int64_t m = args.integer("m"), n = args.integer("n"), k = args.integer("k");
  const int64_t columns = code_columns(k, format().elements);
  return {{"q_a", {m, columns}},
          {"scale_a", swizzled_scale_shape(m, k / format().block)},
          {"q_b", {n, columns}},
          {"scale_b", swizzled_scale_shape(n, k / format().block)},
          {"c", {m, n}}};
}

double BlockScaledGemm::flops(const judge::ScalarArgs& args) const {
  return 2.0 * static_cast<double>(args.integer("m")) * static_cast<double>(args.integer("n")) *
         static_cast<double>(args.integer("k"));
}

void BlockScaledGemm::reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                                const judge::MutableTensors& outputs) const {
  const int64_t m = args.integer("m"), n = args.integer("n"), k = args.integer("k");
  std::vector<float> a(static_cast<std::size_t>(m * k)), b(static_cast<std::size_t>(n * k));
  decode_block_scaled(inputs.at("q_a").as<uint8_t>(), inputs.at("scale_a").as<uint8_t>(), m, k, format(), 1,
                      a.data());
  decode_block_scaled(inputs.at("q_b").as<uint8_t>(), inputs.at("scale_b").as<uint8_t>(), n, k, format(), 1,
                      b.data());
  const double global = global_factor(args);
  float* c = outputs.at("c");  // a float16 output's elements are held as float32
  matmul_rows({a.data(), k, false}, {b.data(), k, true}, m, n, k, [&](int64_t row, const double* values) {
    for (int64_t j = 0; j < n; ++j) c[row * n + j] = static_cast<float>(values[j] * global);
  });
}

std::vector<judge::ProblemDefinition::ParameterDecl> MxQuantize::parameters() const {
  return {{"a", "const float*"}, {"q", "uint8_t*"}, {"scale", "uint8_t*"}, {"m", "size_t"}, {"k", "size_t"}};
}

void MxQuantize::validate(const judge::ScalarArgs& args) const { validate_blocked_matrix(args, "m", "k", mx::kMxBlock); }

std::map<std::string, judge::Shape> MxQuantize::tensor_shapes(const judge::ScalarArgs& args) const {
  const int64_t m = args.integer("m"), k = args.integer("k");
  return {{"a", {m, k}}, {"q", {m, code_columns(k, m_elements)}}, {"scale", {m, k / mx::kMxBlock}}};
}

double MxQuantize::flops(const judge::ScalarArgs& args) const {
  return 2.0 * static_cast<double>(args.integer("m")) * static_cast<double>(args.integer("k"));
}

void MxQuantize::reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                           const judge::MutableTensors& outputs) const {
  const float* a = inputs.at("a");
  uint8_t* q = outputs.at("q").as<uint8_t>();
  uint8_t* scale = outputs.at("scale").as<uint8_t>();
  const bool packed = m_elements == ElementCodes::kE2m1Packed;
  const int64_t blocks = args.integer("m") * (args.integer("k") / mx::kMxBlock);
  parallel_for(blocks, [&](int64_t block) {
    const float* x = a + block * mx::kMxBlock;
    float max_abs = 0;
    for (int64_t i = 0; i < mx::kMxBlock; ++i) max_abs = std::max(max_abs, std::fabs(x[i]));
    const uint8_t code = mx::mx_scale_code(max_abs, packed ? mx::kE2m1MaxPow2 : mx::kE4m3MaxPow2);
    const float inverse = mx::mx_inverse_scale(code);
    scale[block] = code;
    if (packed) {
      for (int64_t i = 0; i < mx::kMxBlock; i += 2) {
        q[(block * mx::kMxBlock + i) / 2] = mx::fp4_pack(mx::e2m1_code(x[i] * inverse), mx::e2m1_code(x[i + 1] * inverse));
      }
    } else {
      for (int64_t i = 0; i < mx::kMxBlock; ++i) q[block * mx::kMxBlock + i] = mx::e4m3_code(x[i] * inverse);
    }
  });
}

std::optional<std::string> MxQuantize::check(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                                             const judge::ConstTensors& expected, const judge::ConstTensors& actual,
                                             const judge::Tolerance&) const {
  const float* a = inputs.at("a");
  const uint8_t* q = actual.at("q").as<uint8_t>();
  const uint8_t* scale = actual.at("scale").as<uint8_t>();
  const uint8_t* floor_scale = expected.at("scale").as<uint8_t>();
  const bool packed = m_elements == ElementCodes::kE2m1Packed;
  const mx::CodeFormat format = packed ? mx::CodeFormat::kE2m1 : mx::CodeFormat::kE4m3;
  const int64_t k = args.integer("k"), blocks_per_row = k / mx::kMxBlock;
  QuantizeFaults faults;
  parallel_for(args.integer("m"), [&](int64_t row) {
    for (int64_t block = 0; block < blocks_per_row; ++block) {
      const int64_t at = row * blocks_per_row + block;
      if (scale[at] != floor_scale[at]) {
        char what[96];
        std::snprintf(what, sizeof what, "0x%02X, where the FLOOR rule gives 0x%02X", scale[at], floor_scale[at]);
        faults.scale(row, block, what);
        continue;  // its elements follow another scale: not worth reporting
      }
      const double factor = std::ldexp(1.0, 127 - static_cast<int>(scale[at]));
      for (int64_t col = block * mx::kMxBlock; col < (block + 1) * mx::kMxBlock; ++col) {
        const double t = static_cast<double>(a[row * k + col]) * factor;  // exact in double
        const uint8_t code = packed ? mx::fp4_nibble(q[(row * k + col) / 2], col) : q[row * k + col];
        if (mx::rounds_to_nearest(code, format, t, 0)) continue;
        const double value = packed ? mx::e2m1_value(code) : mx::e4m3_value(code);
        char what[160];
        std::snprintf(what, sizeof what, "%s for a * 2^(127 - scale) = %.9g (not a nearest %s value)",
                      describe_code(code, value).c_str(), t, packed ? "E2M1" : "E4M3");
        faults.element(row, col, what);
      }
    }
  });
  return faults.verdict();
}

void QuantizeFaults::add(Kind& kind, int64_t row, int64_t col, const std::string& what) {
  std::lock_guard<std::mutex> lock(m_mutex);
  if (kind.count++ == 0 || std::make_pair(row, col) < std::make_pair(kind.first_row, kind.first_col)) {
    kind.first_row = row;
    kind.first_col = col;
    kind.first = what;
  }
}

void QuantizeFaults::scale(int64_t row, int64_t block, const std::string& what) { add(m_scales, row, block, what); }

void QuantizeFaults::element(int64_t row, int64_t col, const std::string& what) { add(m_elements, row, col, what); }

std::optional<std::string> QuantizeFaults::verdict() const {
  std::lock_guard<std::mutex> lock(m_mutex);
  std::string text;
  if (m_scales.count > 0) {
    text += std::to_string(m_scales.count) + " wrong scale(s); first: row " + std::to_string(m_scales.first_row) +
            ", block " + std::to_string(m_scales.first_col) + ": " + m_scales.first;
  }
  if (m_elements.count > 0) {
    if (!text.empty()) text += "\n";
    text += std::to_string(m_elements.count) + " wrong element code(s); first: row " +
            std::to_string(m_elements.first_row) + ", column " + std::to_string(m_elements.first_col) + ": " +
            m_elements.first;
  }
  if (text.empty()) return std::nullopt;
  return text;
}

std::string describe_code(uint8_t code, double value) {
  char text[48];
  std::snprintf(text, sizeof text, "code 0x%X (%g)", code, value);
  return text;
}

std::vector<judge::ProblemDefinition::ParameterDecl> BlockScaledDequantize::parameters() const {
  return {{"q", "const uint8_t*"}, {"scale", "const uint8_t*"}, {"out", "float*"}, {"m", "size_t"}, {"k", "size_t"}};
}

std::map<std::string, judge::Shape> BlockScaledDequantize::tensor_shapes(const judge::ScalarArgs& args) const {
  const int64_t m = args.integer("m"), k = args.integer("k");
  const judge::Shape scales = format().layout == ScaleLayout::kRowMajor ? judge::Shape{m, k / format().block}
                                                                       : swizzled_scale_shape(m, k / format().block);
  return {{"q", {m, code_columns(k, format().elements)}}, {"scale", scales}, {"out", {m, k}}};
}

void BlockScaledDequantize::reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                                      const judge::MutableTensors& outputs) const {
  decode_block_scaled(inputs.at("q").as<uint8_t>(), inputs.at("scale").as<uint8_t>(), args.integer("m"),
                      args.integer("k"), format(), global_factor(args), outputs.at("out"));
}

}  // namespace problems
