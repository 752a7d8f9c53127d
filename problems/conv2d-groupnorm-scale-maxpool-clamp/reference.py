"""PyTorch statement of the problem, for the cross-check and the benchmark.

Conv2d (stride 1, no padding, with bias) -> GroupNorm -> * scale -> MaxPool
(window = stride = pool_kernel) -> clamp. Computes in the dtype of the inputs.
"""
import torch
import torch.nn.functional as F

EPS = 1e-5


def compute(params, inputs):
    p = params
    x = F.conv2d(inputs["input"], inputs["kernel"], inputs["conv_bias"])
    x = F.group_norm(x, p["num_groups"], inputs["gn_weight"], inputs["gn_bias"], eps=EPS)
    x = x * inputs["scale"]
    x = F.max_pool2d(x, kernel_size=p["pool_kernel"], stride=p["pool_kernel"])
    x = torch.clamp(x, min=p["clamp_min"], max=p["clamp_max"])
    return {"output": x}
