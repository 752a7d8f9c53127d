"""PyTorch statement of matrix-multiplication: output_c = input_a @ input_b."""
import torch


def compute(params, inputs):
    return {"output_c": torch.matmul(inputs["input_a"], inputs["input_b"])}
