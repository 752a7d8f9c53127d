"""PyTorch statement of mxfp8-dequantize: E4M3 codes times E8M0 block scales, in float64."""
import torch

BLOCK = 32


def e4m3_values(codes):
    """E4M3 (fn) codes as float64; NaN for 0x7F and 0xFF."""
    c = codes.long()
    exponent = (c >> 3) & 0xF
    mantissa = (c & 0x7).double()
    magnitude = torch.where(exponent == 0, mantissa * 2.0 ** -9,
                            (8 + mantissa) * torch.pow(2.0, (exponent - 10).double()))
    magnitude = torch.where((c & 0x7F) == 0x7F, torch.full_like(magnitude, float("nan")), magnitude)
    return torch.where((c & 0x80) != 0, -magnitude, magnitude)


def e8m0_values(codes):
    return torch.pow(2.0, (codes.long() - 127).double())


def compute(params, inputs):
    m, k = params["m"], params["k"]
    values = e4m3_values(inputs["q"]).reshape(m, k // BLOCK, BLOCK)
    scales = e8m0_values(inputs["scale"]).reshape(m, k // BLOCK, 1)
    return {"out": (values * scales).reshape(m, k)}
