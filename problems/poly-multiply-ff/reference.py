"""PyTorch statement of poly-multiply-ff: polynomial product, coefficients mod (2^31 - 1)."""
import torch

P = (1 << 31) - 1


def compute(params, inputs):
    n = params["n"]
    a = inputs["d_input1"].to(torch.int64)
    b = inputs["d_input2"].to(torch.int64)
    c = torch.zeros(2 * n - 1, dtype=torch.int64)
    for i in range(n):
        # Each product reduced before the sum: no int64 overflow.
        c[i:i + n] = (c[i:i + n] + (a[i] * b) % P) % P
    return {"d_output": c.to(inputs["d_input1"].dtype)}
