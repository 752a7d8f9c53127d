"""PyTorch statement of upper-trig-matmul: output_c = triu(input_a) @ triu(input_b)."""
import torch


def compute(params, inputs):
    return {"output_c": torch.triu(inputs["input_a"]) @ torch.triu(inputs["input_b"])}
