"""PyTorch statement of cosine-similarity: 1 - x.y / (max(eps, |x|) max(eps, |y|)) per row."""
import torch


def compute(params, inputs):
    x = inputs["predictions"]
    y = inputs["targets"]
    eps = 1e-8
    norm_x = torch.linalg.vector_norm(x, dim=1).clamp(min=eps)
    norm_y = torch.linalg.vector_norm(y, dim=1).clamp(min=eps)
    return {"output": 1 - (x * y).sum(dim=1) / (norm_x * norm_y)}
