"""PyTorch statement of the problem, for the cross-check and the benchmark.

ConvTranspose3d (no bias) -> + sum_weight -> LayerNorm over the channel axis
(no affine) -> AvgPool 2x2x2 -> exact GELU. Computes in the dtype of the inputs.
"""
import torch.nn.functional as F

EPS = 1e-5


def compute(params, inputs):
    p = params
    x = F.conv_transpose3d(
        inputs["input"], inputs["kernel"],
        stride=(p["stride_d"], p["stride_h"], p["stride_w"]),
        padding=(p["padding_d"], p["padding_h"], p["padding_w"]),
        output_padding=(p["output_padding_d"], p["output_padding_h"], p["output_padding_w"]))
    x = x + p["sum_weight"]
    channels = x.shape[1]
    x = F.layer_norm(x.permute(0, 2, 3, 4, 1), (channels,), eps=EPS).permute(0, 4, 1, 2, 3)
    x = F.avg_pool3d(x, kernel_size=2, stride=2)
    x = F.gelu(x, approximate="none")
    return {"output": x.contiguous()}
