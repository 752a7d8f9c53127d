// The grayscale image filters (box-blur, edge-detect, threshold): a float32
// (height, width) image in, `input_image`, and one of the same shape out,
// `output_image`, under Tensara's names. ImageFilter holds their shapes and
// hands the reference the two images and their extents, so such a problem is
// its parameter list, validate(), FLOPs and filter.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "judge/problem/definition.h"

namespace problems {

class ImageFilter : public judge::ProblemDefinition {
 public:
  std::map<std::string, judge::Shape> tensor_shapes(const judge::ScalarArgs& args) const override {
    const judge::Shape image = {args.integer("height"), args.integer("width")};
    return {{"input_image", image}, {"output_image", image}};
  }

  void reference(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                 const judge::MutableTensors& outputs) const override {
    filter(args, inputs.at("input_image"), outputs.at("output_image"), args.integer("height"),
           args.integer("width"));
  }

 protected:
  // Writes every pixel of `output` (height x width, row-major) from `input`;
  // `args` holds the problem's own scalars (kernel_size, threshold_value).
  virtual void filter(const judge::ScalarArgs& args, const float* input, float* output, int64_t height,
                      int64_t width) const = 0;
};

}  // namespace problems
