"""PyTorch statement of argmin: index of the first minimum along `dim`, as int32."""
import torch


def compute(params, inputs):
    return {"output": torch.argmin(inputs["input"], dim=params["dim"]).to(torch.int32)}
