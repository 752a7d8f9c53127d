"""PyTorch statement of gelu: the tanh approximation of GELU, written out."""
import math

import torch


def compute(params, inputs):
    x = inputs["input"]
    return {"output": 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x * x * x)))}
