"""PyTorch statement of matmul-swish-scaling: x = A @ B; output = scale * x * sigmoid(x)."""
import torch


def compute(params, inputs):
    x = inputs["A"] @ inputs["B"]
    return {"output": params["scale"] * (x * torch.sigmoid(x))}
