// Definition of the test-only problem testdata/problems/every-dtype: a
// tensor of every element type the judge knows, in every dtype a problem
// may offer, so dumps, inputs and comparisons of each type can be tested.
#include "judge/problem/definition.h"

namespace judge {
namespace {

const char* const kIntegerInputs[] = {"i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64", "sz", "flags"};

class EveryDtype : public ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"x", "const [VAR]*"},     {"i8", "const int8_t*"},    {"u8", "const uint8_t*"},
            {"i16", "const int16_t*"}, {"u16", "const uint16_t*"}, {"i32", "const int32_t*"},
            {"u32", "const uint32_t*"}, {"i64", "const int64_t*"}, {"u64", "const uint64_t*"},
            {"sz", "const size_t*"},   {"flags", "const bool*"},   {"y", "[VAR]*"},
            {"total", "int64_t*"},     {"scale", "[VAR]"},         {"n", "size_t"}};
  }

  void validate(const ScalarArgs& args) const override {
    if (args.integer("n") < 1) throw InvalidCase("n must be at least 1");
  }

  std::map<std::string, Shape> tensor_shapes(const ScalarArgs& args) const override {
    std::map<std::string, Shape> shapes = {{"x", {args.integer("n")}}, {"y", {args.integer("n")}}, {"total", {1}}};
    for (const char* name : kIntegerInputs) shapes[name] = {args.integer("n")};
    return shapes;
  }

  double flops(const ScalarArgs& args) const override { return static_cast<double>(args.integer("n")); }
  std::string flop_formula() const override { return "n"; }

  void reference(const ScalarArgs& args, const ConstTensors& inputs, const MutableTensors& outputs) const override {
    const int64_t n = args.integer("n");
    const double scale = args.real("scale");
    if (inputs.at("x").type() == ScalarType::kFloat64) {
      const double* x = inputs.at("x").as<double>();
      double* y = outputs.at("y").as<double>();
      for (int64_t i = 0; i < n; ++i) y[i] = x[i] * scale;
    } else {
      const float* x = inputs.at("x");
      float* y = outputs.at("y");
      for (int64_t i = 0; i < n; ++i) y[i] = static_cast<float>(x[i] * scale);
    }
    int64_t total = 0;
    for (int64_t i = 0; i < n; ++i) {
      total += inputs.at("i8").as<int8_t>()[i] + inputs.at("u8").as<uint8_t>()[i] + inputs.at("i16").as<int16_t>()[i] +
               inputs.at("u16").as<uint16_t>()[i] + inputs.at("i32").as<int32_t>()[i] +
               static_cast<int64_t>(inputs.at("u32").as<uint32_t>()[i]) + inputs.at("i64").as<int64_t>()[i] +
               static_cast<int64_t>(inputs.at("u64").as<uint64_t>()[i]) +
               static_cast<int64_t>(inputs.at("sz").as<uint64_t>()[i]) + (inputs.at("flags").as<bool>()[i] ? 1 : 0);
    }
    outputs.at("total").as<int64_t>()[0] = total;
  }
};

}  // namespace
}  // namespace judge

REGISTER_PROBLEM("every-dtype", judge::EveryDtype);
