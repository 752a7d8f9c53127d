"""PyTorch statement of avg-pool-2d: avg_pool2d on a (1, 1, H, W) view, floor mode, padding counted."""
import torch


def compute(params, inputs):
    x = inputs["input"]
    y = torch.nn.functional.avg_pool2d(
        x.view(1, 1, params["H"], params["W"]), kernel_size=params["kernel_size"], stride=params["stride"],
        padding=params["padding"], count_include_pad=True)
    return {"output": y.view(y.shape[2:])}
