// Box blur of a grayscale image: the mean over the kernel_size^2 window
// centred on each pixel, cut at the image's edges (the divisor is the number
// of pixels inside). The window sum is separable: row sums over the window's
// columns first (double), then the sum of those over the window's rows, so a
// pixel costs 2 * kernel_size additions instead of kernel_size^2.
#include <algorithm>
#include <vector>

#include "judge/problem/definition.h"
#include "problems/common/image.h"
#include "problems/common/parallel.h"
#include "problems/common/scalar_checks.h"

namespace problems {
namespace {

class BoxBlur : public ImageFilter {
 public:
  std::vector<ParameterDecl> parameters() const override {
    return {{"input_image", "const float*"}, {"kernel_size", "int"}, {"output_image", "float*"},
            {"height", "size_t"}, {"width", "size_t"}};
  }

  void validate(const judge::ScalarArgs& args) const override {
    size_at_least(args, "height", 1);
    size_at_least(args, "width", 1);
    const int64_t kernel = args.integer("kernel_size");
    require(kernel >= 1 && kernel % 2 == 1,
            "kernel_size = " + std::to_string(kernel) + ": the window must have a centre pixel (odd, at least 1)");
  }

  double flops(const judge::ScalarArgs& args) const override {
    const double kernel = static_cast<double>(args.integer("kernel_size"));
    return static_cast<double>(args.integer("height")) * static_cast<double>(args.integer("width")) * kernel * kernel;
  }
  std::string flop_formula() const override { return "height * width * kernel_size^2 (a full window of additions)"; }

 protected:
  void filter(const judge::ScalarArgs& args, const float* input, float* output, int64_t height,
              int64_t width) const override {
    const int64_t radius = args.integer("kernel_size") / 2;
    std::vector<double> row_sums(static_cast<std::size_t>(height * width));
    parallel_for(height, [&](int64_t i) {
      for (int64_t j = 0; j < width; ++j) {
        double sum = 0;
        for (int64_t v = std::max<int64_t>(0, j - radius); v <= std::min(width - 1, j + radius); ++v) {
          sum += input[i * width + v];
        }
        row_sums[i * width + j] = sum;
      }
    });
    parallel_for(height, [&](int64_t i) {
      const int64_t top = std::max<int64_t>(0, i - radius);
      const int64_t bottom = std::min(height - 1, i + radius);
      for (int64_t j = 0; j < width; ++j) {
        double sum = 0;
        for (int64_t u = top; u <= bottom; ++u) sum += row_sums[u * width + j];
        const int64_t columns = std::min(width - 1, j + radius) - std::max<int64_t>(0, j - radius) + 1;
        output[i * width + j] = static_cast<float>(sum / static_cast<double>((bottom - top + 1) * columns));
      }
    });
  }
};

}  // namespace
}  // namespace problems

REGISTER_PROBLEM("box-blur", problems::BoxBlur);
