"""PyTorch statement of mxfp8-quantize (torchao's to_mx, FLOOR scale, E4M3 elements)
with plain tensor arithmetic in float64: E8M0 scale bytes and E4M3 code bytes."""
import torch

BLOCK = 32
E4M3_MAX_POW2 = 8


def float32_exponent(magnitude):
    """floor(log2 |x|) of float32 values held in float64; -127 for zero and
    float32 subnormals (their exponent field is 0)."""
    _, e = torch.frexp(magnitude)
    return torch.where(magnitude < 2.0 ** -126, torch.full_like(e, -127), e - 1).long()


def round_to_grid(magnitude, max_value, mantissa_bits, min_exponent):
    """Non-negative values clamped to max_value and rounded to nearest even on
    the grid of a float format with that many mantissa bits."""
    a = magnitude.clamp(max=max_value)
    _, e = torch.frexp(a)
    exponent = torch.clamp(e.long() - 1, min=min_exponent)
    quantum = torch.pow(2.0, (exponent - mantissa_bits).double())
    return torch.round(a / quantum) * quantum  # torch.round: ties to even


def e4m3_codes(x):
    v = round_to_grid(x.abs(), 448.0, 3, -6)
    _, e = torch.frexp(v)
    exponent = e.long() - 1
    normal = ((exponent + 7) << 3) | (v * torch.pow(2.0, (3 - exponent).double()) - 8).long()
    subnormal = (v * 2.0 ** 9).long()
    code = torch.where(v < 2.0 ** -6, subnormal, normal)
    return torch.where(torch.signbit(x), code | 0x80, code)


def compute(params, inputs):
    m, k = params["m"], params["k"]
    a = inputs["a"].double().reshape(m, k // BLOCK, BLOCK)
    max_abs = a.abs().amax(dim=-1, keepdim=True)
    scale = torch.clamp(float32_exponent(max_abs) - E4M3_MAX_POW2, -127, 127) + 127
    scaled = a * torch.pow(2.0, (127 - scale).double())
    q = e4m3_codes(scaled)
    return {"q": q.reshape(m, k).to(torch.uint8), "scale": scale.reshape(m, k // BLOCK).to(torch.uint8)}
