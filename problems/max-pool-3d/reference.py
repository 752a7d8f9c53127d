"""PyTorch statement of max-pool-3d: max_pool3d on a (1, 1, H, W, D) view, floor mode."""
import torch


def compute(params, inputs):
    x = inputs["input"]
    y = torch.nn.functional.max_pool3d(
        x.view(1, 1, params["H"], params["W"], params["D"]), kernel_size=params["kernel_size"],
        stride=params["stride"], padding=params["padding"], dilation=params["dilation"])
    return {"output": y.view(y.shape[2:])}
