"""PyTorch statement of diagonal-matmul: output_c = diag(diagonal_a) @ input_b."""
import torch


def compute(params, inputs):
    return {"output_c": torch.diag(inputs["diagonal_a"]) @ inputs["input_b"]}
