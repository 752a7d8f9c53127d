"""PyTorch statement of avg-pool-1d: avg_pool1d on a (1, 1, H) view, floor mode, padding counted."""
import torch


def compute(params, inputs):
    x = inputs["input"]
    y = torch.nn.functional.avg_pool1d(
        x.view(1, 1, -1), kernel_size=params["kernel_size"], stride=params["stride"],
        padding=params["padding"], count_include_pad=True)
    return {"output": y.view(-1)}
