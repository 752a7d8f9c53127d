"""PyTorch statement of mean-dim: the mean over `dim`, kept with extent 1."""
import torch


def compute(params, inputs):
    return {"output": torch.mean(inputs["input"], dim=params["dim"], keepdim=True)}
