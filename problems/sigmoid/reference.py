"""PyTorch statement of sigmoid: 1 / (1 + e^-x)."""
import math

import torch


def compute(params, inputs):
    x = inputs["input"]
    return {"output": torch.sigmoid(x)}
