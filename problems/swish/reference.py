"""PyTorch statement of swish: x * sigmoid(x)."""
import math

import torch


def compute(params, inputs):
    x = inputs["input"]
    return {"output": x * torch.sigmoid(x)}
