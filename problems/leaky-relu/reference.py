"""PyTorch statement of leaky-relu: x > 0 ? x : alpha * x, in the inputs' dtype."""
import torch


def compute(params, inputs):
    x = inputs["input"]
    return {"output": torch.where(x > 0, x, params["alpha"] * x)}
