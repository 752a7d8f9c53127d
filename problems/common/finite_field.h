// Arithmetic modulo the Mersenne prime 2^31 - 1 for the finite-field
// problems (vector-multiply-ff, poly-multiply-ff), exact in 64 bits, and
// Mersenne31Product, the definition they share: the ABI of two uint32
// vectors in and one out, so that such a problem is its product and FLOPs.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "judge/problem/definition.h"
#include "problems/common/scalar_checks.h"

namespace problems {

inline constexpr uint64_t kMersenne31 = (uint64_t{1} << 31) - 1;  // 2147483647

// (a * b) mod 2^31 - 1 for a, b below 2^32: the product fits in 64 bits.
inline uint32_t mul_mod_mersenne31(uint32_t a, uint32_t b) {
  return static_cast<uint32_t>(uint64_t{a} * uint64_t{b} % kMersenne31);
}

// A product of two vectors of n uint32 values modulo 2^31 - 1 with the ABI
// (const uint32_t* d_input1, const uint32_t* d_input2, uint32_t* d_output,
// size_t n), n >= 1; exact, compared exactly. A subclass gives the output's
// length, the product (on the reference threads) and the FLOP count.
class Mersenne31Product : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"d_input1", "const uint32_t*"}, {"d_input2", "const uint32_t*"}, {"d_output", "uint32_t*"},
            {"n", "size_t"}};
  }
  void validate(const judge::ScalarArgs& args) const override { size_at_least(args, "n", 1); }
  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t n = args.integer("n");
    return {{"d_input1", {n}}, {"d_input2", {n}}, {"d_output", {output_length(n)}}};
  }
  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    multiply(inputs.at("d_input1").as<uint32_t>(), inputs.at("d_input2").as<uint32_t>(),
             outputs.at("d_output").as<uint32_t>(), args.integer("n"));
  }

 protected:
  virtual int64_t output_length(int64_t n) const = 0;
  // Fills c[0, output_length(n)) from a[0, n) and b[0, n), on the reference
  // threads.
  virtual void multiply(const uint32_t* a, const uint32_t* b, uint32_t* c, int64_t n) const = 0;
};

}  // namespace problems
