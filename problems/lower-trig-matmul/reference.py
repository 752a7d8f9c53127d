"""PyTorch statement of lower-trig-matmul: output_c = tril(input_a) @ tril(input_b)."""
import torch


def compute(params, inputs):
    return {"output_c": torch.tril(inputs["input_a"]) @ torch.tril(inputs["input_b"])}
