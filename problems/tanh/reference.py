"""PyTorch statement of tanh: tanh(x)."""
import math

import torch


def compute(params, inputs):
    x = inputs["input"]
    return {"output": torch.tanh(x)}
