"""PyTorch statement of matmul-4d: C[b,i,j,k] = sum_l A[b,i,j,l] * B[l,k]."""
import torch


def compute(params, inputs):
    return {"C": torch.einsum("bijl,lk->bijk", inputs["A"], inputs["B"])}
