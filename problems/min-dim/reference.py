"""PyTorch statement of min-dim: the smallest value along `dim`, kept with extent 1."""
import torch


def compute(params, inputs):
    return {"output": torch.amin(inputs["input"], dim=params["dim"], keepdim=True)}
