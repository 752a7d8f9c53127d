"""PyTorch statement of gemm-relu: C = relu(A @ W.T + b)."""
import torch


def compute(params, inputs):
    return {"C": torch.relu(inputs["A"] @ inputs["W"].t() + inputs["b"])}
