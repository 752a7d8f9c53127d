"""PyTorch statement of the problem, for the cross-check and the benchmark.

ConvTranspose2d (with conv_bias) -> softmax over channels -> + add_bias ->
* scaling_factor -> sigmoid. Computes in the dtype of the inputs.
"""
import pathlib
import sys

import torch

sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "common"))
from conv_transpose import conv_transpose  # noqa: E402


def compute(params, inputs):
    x = conv_transpose(params, inputs, "hw", bias=inputs["conv_bias"])
    x = torch.softmax(x, dim=1)
    x = x + inputs["add_bias"]
    x = x * params["scaling_factor"]
    x = torch.sigmoid(x)
    return {"output": x}
