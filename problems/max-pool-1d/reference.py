"""PyTorch statement of max-pool-1d: max_pool1d on a (1, 1, H) view, floor mode."""
import torch


def compute(params, inputs):
    x = inputs["input"]
    y = torch.nn.functional.max_pool1d(
        x.view(1, 1, -1), kernel_size=params["kernel_size"], stride=params["stride"],
        padding=params["padding"], dilation=params["dilation"])
    return {"output": y.view(-1)}
