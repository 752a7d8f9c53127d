"""PyTorch statement of mxfp4-quantize (torchao's to_mx, FLOOR scale, E2M1 elements packed
low nibble first) with plain tensor arithmetic in float64: E8M0 scale bytes and packed codes."""
import torch

BLOCK = 32
E2M1_MAX_POW2 = 2


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


def e2m1_codes(x):
    """4-bit codes: magnitudes 0, 0.5, 1, 1.5, 2, 3, 4, 6 are codes 0-7; bit 3 the sign."""
    v = round_to_grid(x.abs(), 6.0, 1, 0)
    _, e = torch.frexp(v)
    exponent = e.long() - 1
    normal = (exponent + 1) * 2 + (v * torch.pow(2.0, (-exponent).double()) * 2 - 2).long()
    code = torch.where(v < 1.0, (v * 2).long(), normal)
    return torch.where(torch.signbit(x), code | 0x8, code)


def compute(params, inputs):
    m, k = params["m"], params["k"]
    a = inputs["a"].double().reshape(m, k // BLOCK, BLOCK)
    max_abs = a.abs().amax(dim=-1, keepdim=True)
    scale = torch.clamp(float32_exponent(max_abs) - E2M1_MAX_POW2, -127, 127) + 127
    codes = e2m1_codes(a * torch.pow(2.0, (127 - scale).double())).reshape(m, k // 2, 2)
    q = codes[..., 0] | (codes[..., 1] << 4)
    return {"q": q.to(torch.uint8), "scale": scale.reshape(m, k // BLOCK).to(torch.uint8)}
