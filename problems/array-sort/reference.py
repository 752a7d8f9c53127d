"""PyTorch statement of array-sort: the input sorted ascending."""
import torch


def compute(params, inputs):
    return {"b": torch.sort(inputs["a"]).values}
