"""PyTorch statement of sum-dim: sum over `dim`, keeping it with extent 1."""
import torch


def compute(params, inputs):
    return {"output": torch.sum(inputs["input"], dim=params["dim"], keepdim=True)}
