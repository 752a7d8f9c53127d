"""PyTorch statement of the problem, for the cross-check and the benchmark.

ConvTranspose3d (no bias) -> + sum_weight -> LayerNorm over the channel axis
(no affine) -> AvgPool 2x2x2 -> exact GELU. Computes in the dtype of the inputs.
"""
import pathlib
import sys

import torch.nn.functional as F

sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "common"))
from conv_transpose import conv_transpose  # noqa: E402

EPS = 1e-5


def compute(params, inputs):
    x = conv_transpose(params, inputs, "dhw")
    x = x + params["sum_weight"]
    channels = x.shape[1]
    x = F.layer_norm(x.permute(0, 2, 3, 4, 1), (channels,), eps=EPS).permute(0, 4, 1, 2, 3)
    x = F.avg_pool3d(x, kernel_size=2, stride=2)
    x = F.gelu(x, approximate="none")
    return {"output": x.contiguous()}
