"""PyTorch statement of the problem, for the cross-check and the benchmark.

ConvTranspose2d (with conv_bias) -> softmax over channels -> + add_bias ->
* scaling_factor -> sigmoid. Computes in the dtype of the inputs.
"""
import torch
import torch.nn.functional as F


def compute(params, inputs):
    p = params
    x = F.conv_transpose2d(
        inputs["input"], inputs["kernel"], inputs["conv_bias"],
        stride=(p["stride_h"], p["stride_w"]),
        padding=(p["padding_h"], p["padding_w"]),
        output_padding=(p["output_padding_h"], p["output_padding_w"]))
    x = torch.softmax(x, dim=1)
    x = x + inputs["add_bias"]
    x = x * p["scaling_factor"]
    x = torch.sigmoid(x)
    return {"output": x}
