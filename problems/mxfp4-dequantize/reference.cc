// MXFP4 (E2M1 codes, two per byte with the first in the low nibble, one
// E8M0 scale per 32 along a row) decoded to float.
// Every product is exact in float (or overflows to infinity), so the judge
// checks the decode element by element, exactly, NaN where it is NaN (a NaN
// scale).
#include <cstdint>
#include <cstdio>
#include <string>

#include "judge/problem/definition.h"
#include "problems/common/microscaling.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

struct Bytes {
  const uint8_t* q;
  const uint8_t* scale;
  int64_t k;
};

std::string describe_element(int64_t i, const void* context) {
  const Bytes& bytes = *static_cast<const Bytes*>(context);
  const int64_t row = i / bytes.k, block = i % bytes.k / kMxBlock;
  char text[64];
  std::snprintf(text, sizeof text, "%s nibble of q byte 0x%02X, scale byte 0x%02X", i % 2 ? "high" : "low",
                bytes.q[i / 2], bytes.scale[row * (bytes.k / kMxBlock) + block]);
  return text;
}

class Mxfp4Dequantize : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"q", "const uint8_t*"}, {"scale", "const uint8_t*"}, {"out", "float*"}, {"m", "size_t"}, {"k", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    size_at_least(args, "m", 1);
    const int64_t k = size_at_least(args, "k", kMxBlock);
    require(k % kMxBlock == 0,
            "parameter 'k' = " + std::to_string(k) + " must be a multiple of 32 (the MX block size)");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t m = args.integer("m"), k = args.integer("k");
    return {{"q", {m, k / 2}}, {"scale", {m, k / kMxBlock}}, {"out", {m, k}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    return static_cast<double>(args.integer("m")) * static_cast<double>(args.integer("k"));
  }
  std::string flop_formula() const override { return "m * k (one multiplication per element)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t k = args.integer("k");
    const uint8_t* q = inputs.at("q").as<uint8_t>();
    const uint8_t* scale = inputs.at("scale").as<uint8_t>();
    float* out = outputs.at("out");
    parallel_for(args.integer("m"), [&](int64_t row) {
      for (int64_t j = 0; j < k; ++j) {
        const double factor = decode_e8m0(scale[row * (k / kMxBlock) + j / kMxBlock]);
        const uint8_t byte = q[(row * k + j) / 2];
        const auto code = static_cast<uint8_t>(j % 2 ? byte >> 4 : byte & 0xF);  // first element low
        out[row * k + j] = static_cast<float>(decode_e2m1(code) * factor);
      }
    });
  }

  bool has_checker() const override { return true; }

  std::optional<std::string> check(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                                   const judge::ConstTensors& expected, const judge::ConstTensors& actual,
                                   const judge::Tolerance&) const override {
    const int64_t k = args.integer("k");
    const Bytes bytes{inputs.at("q").as<uint8_t>(), inputs.at("scale").as<uint8_t>(), k};
    return check_exact_decode(expected.at("out"), actual.at("out"), args.integer("m") * k, k, describe_element,
                              &bytes);
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("mxfp4-dequantize", problems::Mxfp4Dequantize);
