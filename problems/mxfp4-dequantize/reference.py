"""PyTorch statement of mxfp4-dequantize: E2M1 codes (low nibble first) times their block's E8M0 scale."""
import torch

MAGNITUDES = torch.tensor([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0], dtype=torch.float64)


def e2m1(codes):
    value = MAGNITUDES[codes & 0x7]
    return torch.where(codes >= 8, -value, value)


def e8m0(scale):
    value = torch.ldexp(torch.ones_like(scale, dtype=torch.float64), scale - 127)
    return torch.where(scale == 0xFF, torch.full_like(value, float("nan")), value)


def compute(params, inputs):
    q = inputs["q"].to(torch.int64)
    codes = torch.stack((q & 0xF, q >> 4), dim=-1).reshape(q.shape[0], -1)
    factor = e8m0(inputs["scale"].to(torch.int64)).repeat_interleave(32, dim=1)
    return {"out": (e2m1(codes) * factor).float()}
