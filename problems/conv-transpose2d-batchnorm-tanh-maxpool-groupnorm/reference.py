"""PyTorch statement of the problem, for the cross-check and the benchmark.

ConvTranspose2d (ungrouped: `groups` is ignored, as upstream) -> BatchNorm with
batch statistics -> tanh -> MaxPool 2x2 -> GroupNorm. Computes in the dtype of
the inputs.
"""
import pathlib
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "common"))
from conv_transpose import conv_transpose  # noqa: E402

EPS = 1e-5


def compute(params, inputs):
    p = params
    x = conv_transpose(params, inputs, "hw")
    x = F.batch_norm(x, None, None, inputs["bn_weight"], inputs["bn_bias"], training=True, eps=EPS)
    x = torch.tanh(x)
    x = F.max_pool2d(x, kernel_size=2, stride=2)
    x = F.group_norm(x, p["num_groups"], inputs["gn_weight"], inputs["gn_bias"], eps=EPS)
    return {"output": x}
