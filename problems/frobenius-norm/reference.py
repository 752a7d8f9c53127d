"""PyTorch statement of frobenius-norm: X divided by the square root of its sum of squares."""
import torch


def compute(params, inputs):
    x = inputs["X"]
    return {"Y": x / torch.sqrt(torch.sum(x * x))}
