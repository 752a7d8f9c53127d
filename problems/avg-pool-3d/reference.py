"""PyTorch statement of avg-pool-3d: avg_pool3d on a (1, 1, H, W, D) view, floor mode, padding counted.

The zero padding is applied explicitly (count_include_pad=True means exactly
that): avg_pool3d refuses an extent below kernel_size even where the padding
makes the window fit, and the judge accepts such cases.
"""
import torch


def compute(params, inputs):
    x = inputs["input"].view(1, 1, params["H"], params["W"], params["D"])
    p = params["padding"]
    y = torch.nn.functional.avg_pool3d(
        torch.nn.functional.pad(x, [p] * 6), kernel_size=params["kernel_size"], stride=params["stride"])
    return {"output": y.view(y.shape[2:])}
