"""PyTorch statement of argmax: index of the first maximum along `dim`, as int32."""
import torch


def compute(params, inputs):
    return {"output": torch.argmax(inputs["input"], dim=params["dim"]).to(torch.int32)}
