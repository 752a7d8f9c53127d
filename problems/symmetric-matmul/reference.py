"""PyTorch statement of symmetric-matmul: output_c = input_a @ input_b (both symmetric)."""
import torch


def compute(params, inputs):
    return {"output_c": torch.matmul(inputs["input_a"], inputs["input_b"])}
