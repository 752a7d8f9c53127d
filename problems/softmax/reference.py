"""PyTorch statement of softmax: softmax along `dim`, same shape as the input."""
import torch


def compute(params, inputs):
    return {"output": torch.softmax(inputs["input"], dim=params["dim"])}
