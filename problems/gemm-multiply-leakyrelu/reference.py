"""PyTorch statement of gemm-multiply-leakyrelu: leaky_relu((A @ B) * C, alpha)."""
import torch


def compute(params, inputs):
    x = (inputs["A"] @ inputs["B"]) * inputs["C"]
    return {"output": torch.where(x > 0, x, params["alpha"] * x)}
