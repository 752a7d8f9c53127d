"""PyTorch statement of max-dim: the largest value along `dim`, kept with extent 1."""
import torch


def compute(params, inputs):
    return {"output": torch.amax(inputs["input"], dim=params["dim"], keepdim=True)}
