// Native baseline for emulated/conv2d.cu: the same direct convolution as
// plain loops, parallelised over (image, output channel, output row).
#include "harness/cpu/benchmark/workloads.h"

using namespace workloads;

int main() {
  const size_t in_count = size_t(kConvBatch) * kConvInChannels * kConvHeight * kConvWidth;
  const size_t w_count = size_t(kConvOutChannels) * kConvInChannels * kConvKernel * kConvKernel;
  const size_t out_count = size_t(kConvBatch) * kConvOutChannels * kConvOutHeight * kConvOutWidth;
  std::vector<float> input = make_input(in_count, 2), weight = make_input(w_count, 3), output(out_count);
  time_and_report("conv2d", [&] {
#pragma omp parallel for collapse(3) schedule(static)
    for (int n = 0; n < kConvBatch; ++n)
      for (int co = 0; co < kConvOutChannels; ++co)
        for (int oy = 0; oy < kConvOutHeight; ++oy)
          for (int ox = 0; ox < kConvOutWidth; ++ox) {
            float acc = 0.0f;
            for (int ci = 0; ci < kConvInChannels; ++ci) {
              const float* in = &input[((size_t(n) * kConvInChannels + ci) * kConvHeight + oy) * kConvWidth + ox];
              const float* w = &weight[(size_t(co) * kConvInChannels + ci) * kConvKernel * kConvKernel];
              for (int ky = 0; ky < kConvKernel; ++ky)
                for (int kx = 0; kx < kConvKernel; ++kx) acc += in[ky * kConvWidth + kx] * w[ky * kConvKernel + kx];
            }
            output[((size_t(n) * kConvOutChannels + co) * kConvOutHeight + oy) * kConvOutWidth + ox] = acc;
          }
  });
  report_checksum("conv2d", output);
  return 0;
}
