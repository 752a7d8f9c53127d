"""PyTorch statement of the problem, for the cross-check and the benchmark.

ConvTranspose2d with stride, padding, output_padding, dilation and groups, no
bias. Computes in the dtype of the inputs.
"""
import torch.nn.functional as F


def compute(params, inputs):
    p = params
    x = F.conv_transpose2d(
        inputs["input"], inputs["kernel"],
        stride=(p["stride_h"], p["stride_w"]),
        padding=(p["padding_h"], p["padding_w"]),
        output_padding=(p["output_padding_h"], p["output_padding_w"]),
        groups=p["groups"],
        dilation=(p["dilation_h"], p["dilation_w"]))
    return {"output": x}
