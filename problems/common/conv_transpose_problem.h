// What the transposed-convolution problems share beyond the core in
// conv_transpose.h: Tensara's ABI for the convolution's sizes (batch_size,
// in_channels, out_channels, the extents, then kernel_*, stride_*, padding_*,
// output_padding_* and, where the problem has them, dilation_* and groups),
// their validate() rules, the tensor shapes and FLOPs of the convolution, and
// the per-sample loop that hands each sample's convolution in double to the
// problem's own later stages. So a problem's reference.cc holds only its
// parameter list and what follows the convolution.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "judge/problem/definition.h"
#include "problems/common/conv_transpose.h"

namespace problems {

// How a problem's ABI spells the convolution.
struct ConvTransposeAbi {
  int spatial_axes = 2;          // 2: height, width; 3: depth, height, width
  bool grouped_dilated = false;  // dilation_* and groups are parameters that shape the result
  // Every transposed-convolution output extent must be at least this: 1, or
  // the window of a pool that follows, which `min_output_reason` names
  // ("the 2x2 max-pool window").
  int64_t min_output = 1;
  std::string min_output_reason;
};

class ConvTransposeProblem : public judge::ProblemDefinition {
 public:
  explicit ConvTransposeProblem(ConvTransposeAbi abi) : m_abi(std::move(abi)) {}

  // Sizes, kernel, stride (and dilation, groups) at least 1; padding and
  // output_padding at least 0; output_padding below max(stride, dilation);
  // groups dividing both channel counts; every output extent at least
  // min_output. A problem with more parameters extends it.
  void validate(const judge::ScalarArgs& args) const override;

  // The convolution's 2 * B * multiply-adds, plus later_stages_flops(); the
  // formula likewise.
  double flops(const judge::ScalarArgs& args) const final;
  std::string flop_formula() const final;

 protected:
  // The operations of the stages after the convolution, and their formula
  // in words ("5 * B * C_out * H_c * W_c (batch norm 4, tanh 1)"); none by
  // default.
  virtual double later_stages_flops(const judge::ScalarArgs& /*args*/) const { return 0; }
  virtual std::string later_stages_flop_formula() const { return {}; }

  ConvTransposeGeometry geometry(const judge::ScalarArgs& args) const;

  // batch_size, in_channels, out_channels, extents, kernel_*, stride_*,
  // padding_*, output_padding_* [, dilation_*, groups], all size_t.
  std::vector<ParameterDecl> size_parameters() const;

  // (B, C_in, extents), (C_in, C_out / groups, kernel extents) and
  // (B, C_out, output extents / window) (floor).
  judge::Shape input_shape(const judge::ScalarArgs& args) const;
  judge::Shape kernel_shape(const judge::ScalarArgs& args) const;
  judge::Shape output_shape(const judge::ScalarArgs& args, int64_t window) const;

  // The elements of output_shape(args, window): with window 1, of the
  // transposed convolution's result; the later stages count by these.
  double output_elements(const judge::ScalarArgs& args, int64_t window) const;

  // Runs the transposed convolution of `input` by `kernel` on the reference
  // threads, one sample at a time per thread, and calls finish(n, x) on the
  // same thread with x the sample's result (C_out, output volume) in double.
  // x is the thread's scratch_buffer slot 0: finish may overwrite it and may
  // use slots 1 to 5.
  void for_each_sample(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                       const std::function<void(int64_t n, double* x)>& finish) const;

  // The same for a problem that needs every sample at once (statistics over
  // the batch): writes all of them, in double, to `all` (B, C_out, output
  // volume).
  void convolve_batch(const judge::ScalarArgs& args, const judge::ConstTensors& inputs, double* all) const;

 private:
  // 2 * B * multiply-adds of one sample, and that count in words.
  double convolution_flops(const judge::ScalarArgs& args) const;
  std::string convolution_flop_formula() const;
  // The ABI names of the spatial axes in use, outermost first, as
  // (suffix, extent): ("h", "height"), ...
  std::vector<std::pair<std::string, std::string>> axes() const;
  // Index of the first axis in use within ConvTransposeGeometry's three.
  int first_axis() const { return 3 - m_abi.spatial_axes; }
  // Convolves sample n into destination(n), then calls finish(n, that).
  void convolve_samples(const judge::ScalarArgs& args, const judge::ConstTensors& inputs,
                        const std::function<double*(int64_t n)>& destination,
                        const std::function<void(int64_t n, double* x)>& finish) const;

  ConvTransposeAbi m_abi;
};

// Rounds `count` doubles once each to float32.
void round_to_float(const double* x, int64_t count, float* out);

}  // namespace problems
