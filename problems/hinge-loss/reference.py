"""PyTorch statement of hinge-loss: max(0, 1 - predictions * targets), elementwise."""
import torch


def compute(params, inputs):
    x = inputs["predictions"]
    y = inputs["targets"]
    return {"output": torch.clamp(1 - x * y, min=0)}
