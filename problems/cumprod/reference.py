"""PyTorch statement of cumprod: inclusive running product along the vector."""
import torch


def compute(params, inputs):
    return {"output": torch.cumprod(inputs["input"], dim=0)}
