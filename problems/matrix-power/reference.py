"""PyTorch statement of matrix-power: output_matrix = input_matrix ** n (matrix power)."""
import torch


def compute(params, inputs):
    return {"output_matrix": torch.linalg.matrix_power(inputs["input_matrix"], int(params["n"]))}
