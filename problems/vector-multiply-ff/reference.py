"""PyTorch statement of vector-multiply-ff: (a * b) mod (2^31 - 1), elementwise."""
import torch

P = (1 << 31) - 1


def compute(params, inputs):
    a = inputs["d_input1"].to(torch.int64)
    b = inputs["d_input2"].to(torch.int64)
    return {"d_output": ((a * b) % P).to(inputs["d_input1"].dtype)}
