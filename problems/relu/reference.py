"""PyTorch statement of relu: max(0, x)."""
import math

import torch


def compute(params, inputs):
    x = inputs["input"]
    return {"output": torch.relu(x)}
