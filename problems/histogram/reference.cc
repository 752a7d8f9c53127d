// Histogram of a float image of whole numbers: clamp to [0, num_bins - 1],
// truncate, count.
// Counts are whole numbers held in float; the judge checks them exactly and
// reports the wrong bins and the counts' sum.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <vector>

#include "judge/problem/definition.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

// Counts above 2^24 are not all representable in float.
constexpr int64_t kMaxPixels = int64_t{1} << 24;

class Histogram : public judge::ProblemDefinition {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"image", "const float*"}, {"num_bins", "int"}, {"histogram", "float*"}, {"height", "size_t"},
            {"width", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    const int64_t bins = args.integer("num_bins");
    require(bins >= 1, "parameter 'num_bins' = " + std::to_string(bins) + " must be at least 1");
    const int64_t height = size_at_least(args, "height", 1), width = size_at_least(args, "width", 1);
    require(height <= kMaxPixels / width, "parameters 'height' x 'width' = " + std::to_string(height) + " x " +
                                              std::to_string(width) +
                                              " must be at most 2^24 pixels (float counts are exact up to 2^24)");
  }

  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    return {{"image", {args.integer("height"), args.integer("width")}}, {"histogram", {args.integer("num_bins")}}};
  }

  // Tensara's images hold whole numbers (torch.randint): truncate the draws.
  void shape_inputs(const judge::ScalarArgs& args, const judge::MutableTensors& inputs) const override {
    float* pixels = inputs.at("image");
    const int64_t width = args.integer("width");
    parallel_for(args.integer("height"), [&](int64_t r) {
      for (int64_t c = 0; c < width; ++c) pixels[r * width + c] = std::floor(pixels[r * width + c]);
    });
  }
  std::string input_shaping() const override { return "image: whole numbers (the draws rounded down)"; }

  double flops(const judge::ScalarArgs& args) const override {
    return 4.0 * static_cast<double>(args.integer("height")) * static_cast<double>(args.integer("width"));
  }
  std::string flop_formula() const override { return "4 * height * width (read, two-sided clamp, increment)"; }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    const int64_t bins = args.integer("num_bins"), height = args.integer("height"), width = args.integer("width");
    const float* image = inputs.at("image");
    // One private histogram per row, summed in row order.
    std::vector<std::vector<int64_t>> rows(static_cast<std::size_t>(height));
    parallel_for(height, [&](int64_t r) {
      std::vector<int64_t>& counts = rows[static_cast<std::size_t>(r)];
      counts.assign(static_cast<std::size_t>(bins), 0);
      for (int64_t c = 0; c < width; ++c) {
        const double x = std::clamp(static_cast<double>(image[r * width + c]), 0.0, static_cast<double>(bins - 1));
        ++counts[static_cast<std::size_t>(std::trunc(x))];
      }
    });
    float* histogram = outputs.at("histogram");
    for (int64_t k = 0; k < bins; ++k) {
      int64_t total = 0;
      for (const std::vector<int64_t>& counts : rows) total += counts[static_cast<std::size_t>(k)];
      histogram[k] = static_cast<float>(total);
    }
  }

  bool has_checker() const override { return true; }

  std::optional<std::string> check(const judge::ScalarArgs& args, const judge::ConstTensors&,
                                   const judge::ConstTensors& expected, const judge::ConstTensors& actual,
                                   const judge::Tolerance&) const override {
    const int64_t bins = args.integer("num_bins");
    const float* want = expected.at("histogram");
    const float* got = actual.at("histogram");
    std::ostringstream wrong;
    int64_t wrong_bins = 0;
    double sum = 0;
    for (int64_t k = 0; k < bins; ++k) {
      sum += got[k];
      if (got[k] == want[k]) continue;  // false for NaN
      if (++wrong_bins <= 5) {
        wrong << "bin " << k << " holds " << got[k] << ", expected " << want[k]
              << (std::isfinite(got[k]) && got[k] != std::trunc(got[k]) ? " (not a whole number)" : "") << "\n";
      }
    }
    if (wrong_bins == 0) return std::nullopt;
    wrong << wrong_bins << " of " << bins << " bin(s) wrong; the counts sum to " << sum << ", the image has "
          << args.integer("height") * args.integer("width") << " pixels";
    return wrong.str();
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("histogram", problems::Histogram);
