"""PyTorch statement of max-pool-2d: max_pool2d on a (1, 1, H, W) view, floor mode."""
import torch


def compute(params, inputs):
    x = inputs["input"]
    h, w = params["H"], params["W"]
    y = torch.nn.functional.max_pool2d(
        x.view(1, 1, h, w), kernel_size=params["kernel_size"], stride=params["stride"],
        padding=params["padding"], dilation=params["dilation"])
    return {"output": y.view(y.shape[2], y.shape[3])}
