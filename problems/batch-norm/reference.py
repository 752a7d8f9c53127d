"""PyTorch statement of batch-norm: batch statistics per channel, eps 1e-5, no affine."""
import torch


def compute(params, inputs):
    return {"Y": torch.nn.functional.batch_norm(inputs["X"], None, None, training=True, eps=1e-5)}
