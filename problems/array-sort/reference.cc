// Sort n int32 values ascending. The judge checks the answer itself (sorted,
// and a permutation of the input) so a wrong one is told in those words.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <vector>

#include "judge/problem/definition.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class ArraySort : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"a", "const int*"}, {"b", "int*"}, {"n", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override { size_at_least(args, "n", 1); }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const int64_t n = args.integer("n");
    return {{"a", {n}}, {"b", {n}}};
  }

  double flops(const judge::ScalarArgs& args) const override {
    const double n = static_cast<double>(args.integer("n"));
    return n * std::max(1.0, std::ceil(std::log2(n)));
  }
  std::string flop_formula() const override { return "n * max(1, ceil(log2 n)) (comparisons of a comparison sort)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t n = args.integer("n");
    const int32_t* a = inputs.at("a").as<int32_t>();
    int32_t* b = outputs.at("b").as<int32_t>();
    std::copy(a, a + n, b);
    std::sort(b, b + n);
  }

  bool has_checker() const override { return true; }

  // Sorted, and the same multiset as the input (the reference's b is the
  // input sorted): both failures are reported when both hold.
  std::optional<std::string> check(const judge::ScalarArgs& args, const judge::ConstTensors&,
                                   const judge::ConstTensors& expected, const judge::ConstTensors& actual,
                                   const judge::Tolerance&) const override {
    const int64_t n = args.integer("n");
    const int32_t* b = actual.at("b").as<int32_t>();
    const int32_t* sorted_input = expected.at("b").as<int32_t>();
    std::ostringstream wrong;
    for (int64_t i = 0; i + 1 < n; ++i) {
      if (b[i] > b[i + 1]) {
        wrong << "output is not sorted at index " << i << ": b[" << i << "] = " << b[i] << " > b[" << i + 1
              << "] = " << b[i + 1] << "\n";
        break;
      }
    }
    std::vector<int32_t> got(b, b + n);
    std::sort(got.begin(), got.end());
    const auto mismatch = std::mismatch(got.begin(), got.end(), sorted_input);
    if (mismatch.first != got.end()) {
      // The smaller of the two values first differing in sorted order is
      // one whose count differs.
      const int32_t value = std::min(*mismatch.first, *mismatch.second);
      const auto count = [&](const int32_t* first, const int32_t* last) {
        return std::upper_bound(first, last, value) - std::lower_bound(first, last, value);
      };
      wrong << "output is not a permutation of the input: value " << value << " appears "
            << count(got.data(), got.data() + n) << " time(s), expected " << count(sorted_input, sorted_input + n)
            << "\n";
    }
    std::string text = wrong.str();
    if (text.empty()) return std::nullopt;
    text.pop_back();
    return text;
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("array-sort", problems::ArraySort);
