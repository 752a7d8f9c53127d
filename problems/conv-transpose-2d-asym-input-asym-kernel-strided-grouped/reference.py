"""PyTorch statement of the problem, for the cross-check and the benchmark.

ConvTranspose2d with stride, padding, output_padding, dilation and groups, no
bias. Computes in the dtype of the inputs.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "common"))
from conv_transpose import conv_transpose  # noqa: E402


def compute(params, inputs):
    return {"output": conv_transpose(params, inputs, "hw", grouped_dilated=True)}
