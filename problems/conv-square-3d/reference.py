"""PyTorch statement of conv-square-3d: C = conv3d(A, B, padding=K // 2) (cross-correlation)."""
import torch


def compute(params, inputs):
    a, b = inputs["A"], inputs["B"]
    k = b.shape[0]
    c = torch.nn.functional.conv3d(a.view(1, 1, *a.shape), b.view(1, 1, k, k, k), padding=k // 2)
    return {"C": c.view(a.shape)}
