// The judge's side of a problem: what each `problems/<slug>/reference.cc`
// implements. The statement (front matter) says what the C ABI is; the
// definition says what the tensors are, how big, what is right and how much
// work it is. A definition registers itself with REGISTER_PROBLEM, so adding a
// problem takes one new folder and no change elsewhere.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "judge/problem/tensor.h"

namespace judge {

// Scalar parameter values of one test case, by front-matter name. Integers
// (size_t, int, ...) and reals (double, float) are kept apart so a case file
// that gives 2.5 for a size_t is an error, not a silent truncation.
class ScalarArgs {
 public:
  void set_integer(const std::string& name, int64_t value);
  void set_real(const std::string& name, double value);

  // Throws std::out_of_range naming the parameter when it is missing or of
  // the other kind.
  int64_t integer(const std::string& name) const;
  double real(const std::string& name) const;
  bool has(const std::string& name) const;

  // The values a case gives literally for an integer input tensor (a shape
  // array): `params: {shape: [4, 5, 6]}`. Throws std::out_of_range naming
  // the parameter when absent.
  void set_array(const std::string& name, std::vector<int64_t> values);
  const std::vector<int64_t>& array(const std::string& name) const;
  bool has_array(const std::string& name) const { return m_arrays.count(name) != 0; }

  const std::map<std::string, int64_t>& integers() const { return m_integers; }
  const std::map<std::string, double>& reals() const { return m_reals; }
  const std::map<std::string, std::vector<int64_t>>& arrays() const { return m_arrays; }

 private:
  std::map<std::string, int64_t> m_integers;
  std::map<std::string, double> m_reals;
  std::map<std::string, std::vector<int64_t>> m_arrays;
};

// A parameter value that makes no sense for the problem (zero size, groups
// not dividing channels, ...). The message names the parameter and the rule.
class InvalidCase : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Elementwise acceptance: |actual - expected| <= atol + rtol * |expected|.
struct Tolerance {
  double rtol = 2e-4;
  double atol = 5e-3;
};

// Read-only views of the inputs and writable views of the outputs of one
// call, by parameter name; each holds element_count(shape) values in
// row-major order, float32 for float, float16 and bfloat16 tensors (see
// tensor.h), the element type otherwise.
using ConstTensors = std::map<std::string, ConstTensor>;
using MutableTensors = std::map<std::string, MutableTensor>;

class ProblemDefinition {
 public:
  virtual ~ProblemDefinition() = default;

  // C parameter list the definition is written against, in ABI order, e.g.
  // {"input", "const float*"}, {"output", "float*"}, {"batch_size", "size_t"}.
  // A problem offered in several dtypes writes "[VAR]" for the dtype:
  // {"input", "const [VAR]*"}, {"alpha", "[VAR]"}.
  // Checked against the statement's front matter when the problem loads.
  struct ParameterDecl {
    std::string name;
    std::string c_type;
  };
  virtual std::vector<ParameterDecl> parameters() const = 0;

  // Throws InvalidCase when the scalar values make no sense.
  virtual void validate(const ScalarArgs& args) const = 0;

  // Shape of every pointer parameter (inputs and outputs) for these values.
  virtual std::map<std::string, Shape> tensor_shapes(const ScalarArgs& args) const = 0;

  // Optional input shaping, for structure a uniform draw cannot give
  // (symmetric matrices, an added identity, ...). Called wherever a case's
  // inputs are generated (checks, fresh benchmark inputs, `judge dump`, the
  // cross-check dumps), after every input tensor is drawn from its case range
  // and before anything reads it. `inputs` holds every input tensor, viewed as
  // a reference sees it; float16 and bfloat16 values are rounded to their type
  // again afterwards. It must depend only on `args` and the drawn values, so
  // the same seed gives the same inputs. `input_shaping()` says what it does,
  // in a few words for `judge show` ("" when nothing).
  virtual void shape_inputs(const ScalarArgs& /*args*/, const MutableTensors& /*inputs*/) const {}
  virtual std::string input_shaping() const { return {}; }

  // Floating-point operations of one call, and the formula in words/maths
  // (shown by `judge show` and documented in the statement).
  virtual double flops(const ScalarArgs& args) const = 0;
  virtual std::string flop_formula() const = 0;

  // The exact reference: fills every output. Accurate (accumulates in
  // double) and multi-threaded.
  virtual void reference(const ScalarArgs& args, const ConstTensors& inputs,
                         const MutableTensors& outputs) const = 0;

  // The output check of a problem that a comparison element by element
  // with the reference cannot judge well: several right answers (any
  // spanning tree), or wrong answers better told in the problem's terms
  // ("output is not sorted at index 17"). Without it (the default) every
  // output is compared with the reference's within the tolerance.
  virtual bool has_checker() const { return false; }

  // Called instead of the comparison when has_checker(): nullopt when the
  // call's outputs are right, else what is wrong, in words (the judge adds
  // the case). `actual` holds every output as the solution left it, viewed
  // like `expected` (the reference's; float32 for float16 tensors); a
  // never-written element holds the judge's fill: zero, or with
  // --poison-outputs every byte 0xFF (NaN).
  // `tolerance` is the cases.yaml tolerance for the dtype in force: a
  // checker that allows any must accept what the comparison would. The
  // default throws std::logic_error.
  virtual std::optional<std::string> check(const ScalarArgs& args, const ConstTensors& inputs,
                                           const ConstTensors& expected, const ConstTensors& actual,
                                           const Tolerance& tolerance) const;
};

// Registry of definitions by slug; filled at static-initialisation time.
using DefinitionFactory = std::function<std::unique_ptr<ProblemDefinition>()>;
bool register_definition(const std::string& slug, DefinitionFactory factory);
std::unique_ptr<ProblemDefinition> make_definition(const std::string& slug);  // nullptr if none
std::vector<std::string> registered_slugs();

}  // namespace judge

#define JUDGE_PROBLEM_CONCAT_INNER(a, b) a##b
#define JUDGE_PROBLEM_CONCAT(a, b) JUDGE_PROBLEM_CONCAT_INNER(a, b)
// REGISTER_PROBLEM("slug", ClassName): one line at the end of reference.cc.
#define REGISTER_PROBLEM(slug, Class)                                      \
  static const bool JUDGE_PROBLEM_CONCAT(judge_registered_, __LINE__) =   \
      ::judge::register_definition(slug, [] { return std::make_unique<Class>(); })
