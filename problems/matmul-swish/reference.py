"""PyTorch statement of matmul-swish: z = x @ W.T + b; output = s * z * sigmoid(z)."""
import torch


def compute(params, inputs):
    z = inputs["input_matrix"] @ inputs["weight_matrix"].t() + inputs["bias"]
    return {"output": params["scaling_factor"] * (z * torch.sigmoid(z))}
