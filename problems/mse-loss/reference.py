"""PyTorch statement of mse-loss: mean((predictions - targets)^2), as a one-element tensor."""
import torch


def compute(params, inputs):
    d = inputs["predictions"] - inputs["targets"]
    return {"output": torch.mean(d * d).reshape(1)}
