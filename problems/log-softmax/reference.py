"""PyTorch statement of log-softmax: log_softmax along each row."""
import torch


def compute(params, inputs):
    return {"output": torch.log_softmax(inputs["input"], dim=1)}
