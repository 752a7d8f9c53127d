// Gradient-magnitude edge detection: central differences at interior pixels,
// a zero border, then the whole image scaled so that its maximum is 255. The
// magnitudes are kept in double until the final scaling.
#include <algorithm>
#include <cmath>
#include <vector>

#include "judge/problem/definition.h"
#include "problems/common/image.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class EdgeDetect : public ImageFilter {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input_image", "const float*"}, {"output_image", "float*"}, {"height", "size_t"}, {"width", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    size_at_least(args, "height", 3);
    size_at_least(args, "width", 3);
  }

  double flops(const judge::ScalarArgs& args) const override {
    return 10.0 * static_cast<double>(args.integer("height") - 2) * static_cast<double>(args.integer("width") - 2);
  }
  std::string flop_formula() const override { return "10 * (height - 2) * (width - 2) (per interior pixel)"; }

 protected:
  void filter(const judge::ScalarArgs& /*args*/, const float* x, float* output, int64_t height,
              int64_t width) const override {
    std::vector<double> magnitude(static_cast<std::size_t>(height * width), 0.0);
    std::vector<double> row_max(static_cast<std::size_t>(height), 0.0);
    parallel_for(height - 2, [&](int64_t row) {
      const int64_t i = row + 1;
      double largest = 0;
      for (int64_t j = 1; j < width - 1; ++j) {
        const double gx = (static_cast<double>(x[i * width + j + 1]) - x[i * width + j - 1]) / 2;
        const double gy = (static_cast<double>(x[(i + 1) * width + j]) - x[(i - 1) * width + j]) / 2;
        const double e = std::sqrt(gx * gx + gy * gy);
        magnitude[i * width + j] = e;
        largest = std::max(largest, e);
      }
      row_max[i] = largest;
    });
    const double maximum = *std::max_element(row_max.begin(), row_max.end());
    const double scale = maximum > 0 ? 255.0 / maximum : 1.0;
    parallel_for(height, [&](int64_t i) {
      for (int64_t j = 0; j < width; ++j) output[i * width + j] = static_cast<float>(magnitude[i * width + j] * scale);
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("edge-detect", problems::EdgeDetect);
