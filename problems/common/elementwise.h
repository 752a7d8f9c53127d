// The elementwise family (activations, scalar and vector arithmetic, pixel
// maps): every output element depends on the input elements at its own index
// only. The helpers evaluate a double-precision function per element on the
// reference threads and round once to float32; MatrixActivation is the whole
// definition of a Tensara activation problem on an (n, m) matrix with the ABI
// (input, output, n, m), so such a problem is its function and FLOP count.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "judge/problem/definition.h"
#include "problems/common/parallel.h"  // parallel_chunks

namespace problems {

// output[i] = float(f(double(input[i]))) for i < count.
template <typename F>
void map_unary(const float* input, float* output, int64_t count, F f) {
  parallel_chunks(count, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) output[i] = static_cast<float>(f(static_cast<double>(input[i])));
  });
}

// output[i] = float(f(double(a[i]), double(b[i]))) for i < count.
template <typename F>
void map_binary(const float* a, const float* b, float* output, int64_t count, F f) {
  parallel_chunks(count, [&](int64_t begin, int64_t end) {
    for (int64_t i = begin; i < end; ++i) {
      output[i] = static_cast<float>(f(static_cast<double>(a[i]), static_cast<double>(b[i])));
    }
  });
}

// A problem whose FLOP count is Tensara's fixed count per element:
// flops = flops_per_element * element_count(args).
class PerElementFlops : public judge::ProblemDefinition {
 public:
  PerElementFlops(double flops_per_element, std::string flop_formula)
      : m_flops_per_element(flops_per_element), m_flop_formula(std::move(flop_formula)) {}

  double flops(const judge::ScalarArgs& args) const override {
    return m_flops_per_element * static_cast<double>(element_count(args));
  }
  std::string flop_formula() const override { return m_flop_formula; }

 protected:
  virtual int64_t element_count(const judge::ScalarArgs& args) const = 0;

 private:
  double m_flops_per_element;
  std::string m_flop_formula;
};

// A unary activation applied to every element of an (n, m) row-major
// matrix: parameters (const float* input, float* output, size_t n, size_t m),
// n, m >= 1, FLOPs = flops_per_element * n * m (Tensara's count for the
// problem). A subclass supplies the function, evaluated in double
// (MatrixActivation), or the function of a scalar parameter `alpha` too
// (AlphaActivation).
class MatrixMap : public PerElementFlops {
 public:
  using PerElementFlops::PerElementFlops;

  std::vector<ParameterDecl> parameters() const override;
  void validate(const judge::ScalarArgs& args) const override;
  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override;

 protected:
  int64_t element_count(const judge::ScalarArgs& args) const override {
    return args.integer("n") * args.integer("m");
  }
};

class MatrixActivation : public MatrixMap {
 public:
  using MatrixMap::MatrixMap;
  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override;

 protected:
  // The activation of one element, in double.
  virtual double activation(double x) const = 0;
};

// An activation with a finite scalar `alpha` (ELU, leaky ReLU). Tensara's
// ABIs put alpha in different places and types, so the problem gives its
// parameter list: input, output, n, m and alpha, in its own order.
class AlphaActivation : public MatrixMap {
 public:
  AlphaActivation(std::vector<ParameterDecl> parameters, double flops_per_element, std::string flop_formula)
      : MatrixMap(flops_per_element, std::move(flop_formula)), m_parameters(std::move(parameters)) {}

  std::vector<ParameterDecl> parameters() const override { return m_parameters; }
  void validate(const judge::ScalarArgs& args) const override;
  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override;

 protected:
  // The activation of one element, in double, alpha as the reference holds it.
  virtual double activation(double x, double alpha) const = 0;

 private:
  std::vector<ParameterDecl> m_parameters;
};

// The logistic function 1 / (1 + e^-x), evaluated without overflow for any x.
double logistic(double x);

}  // namespace problems
