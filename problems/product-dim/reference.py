"""PyTorch statement of product-dim: the product over `dim`, kept with extent 1."""
import torch


def compute(params, inputs):
    return {"output": torch.prod(inputs["input"], dim=params["dim"], keepdim=True)}
