"""PyTorch statement of matmul-sigmoid-sum: the sum of sigmoid(A @ B), as a one-element tensor."""
import torch


def compute(params, inputs):
    return {"output": torch.sigmoid(inputs["A"] @ inputs["B"]).sum().reshape(1)}
