"""PyTorch statement of cumsum: inclusive running sum along the vector."""
import torch


def compute(params, inputs):
    return {"output": torch.cumsum(inputs["input"], dim=0)}
