"""PyTorch statement of matmul-3d: C = A @ B, B broadcast over A's first axis."""
import torch


def compute(params, inputs):
    return {"C": torch.matmul(inputs["A"], inputs["B"])}
