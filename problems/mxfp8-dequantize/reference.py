"""PyTorch statement of mxfp8-dequantize: E4M3 bytes times the E8M0 scale of their 32-block."""
import torch


def e4m3(q):
    q = q.to(torch.int64)
    sign = torch.where(q >= 128, -1.0, 1.0).double()
    exponent = (q >> 3) & 0xF
    mantissa = (q & 0x7).double()
    normal = torch.ldexp(1.0 + mantissa / 8.0, exponent - 7)
    subnormal = torch.ldexp(mantissa / 8.0, torch.full_like(exponent, -6))
    value = sign * torch.where(exponent == 0, subnormal, normal)
    return torch.where((exponent == 0xF) & (mantissa == 7), torch.full_like(value, float("nan")), value)


def e8m0(scale):
    scale = scale.to(torch.int64)
    value = torch.ldexp(torch.ones_like(scale, dtype=torch.float64), scale - 127)
    return torch.where(scale == 0xFF, torch.full_like(value, float("nan")), value)


def compute(params, inputs):
    factor = e8m0(inputs["scale"]).repeat_interleave(32, dim=1)
    return {"out": (e4m3(inputs["q"]) * factor).float()}
