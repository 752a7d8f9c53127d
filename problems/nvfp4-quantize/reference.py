"""PyTorch statement of nvfp4-quantize (FlashInfer's nvfp4_quantize recipe, each step in
float32 as the statement fixes it): packed E2M1 codes and E4M3 block scales in the 128x4
tiled layout, zero padding."""
import torch

BLOCK = 16


def round_to_grid(magnitude, max_value, mantissa_bits, min_exponent):
    """Non-negative values (float64) clamped to max_value and rounded to
    nearest even on the grid of a float format with that many mantissa bits."""
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
    code = torch.where(v < 2.0 ** -6, (v * 2.0 ** 9).long(), normal)
    return torch.where(torch.signbit(x), code | 0x80, code), torch.where(torch.signbit(x), -v, v)


def e2m1_codes(x):
    v = round_to_grid(x.abs(), 6.0, 1, 0)
    _, e = torch.frexp(v)
    exponent = e.long() - 1
    normal = (exponent + 1) * 2 + (v * torch.pow(2.0, (-exponent).double()) * 2 - 2).long()
    code = torch.where(v < 1.0, (v * 2).long(), normal)
    return torch.where(torch.signbit(x), code | 0x8, code)


def swizzle(matrix):
    """(rows, cols) scales -> their 128x4 tiled storage, zero padding."""
    rows, cols = matrix.shape
    padded_rows, padded_cols = (rows + 127) // 128 * 128, (cols + 3) // 4 * 4
    padded = torch.zeros(padded_rows, padded_cols, dtype=matrix.dtype)
    padded[:rows, :cols] = matrix
    tiles = padded.reshape(padded_rows // 128, 4, 32, padded_cols // 4, 4)  # (tile row, r//32, r%32, tile col, c)
    return tiles.permute(0, 3, 2, 1, 4).reshape(padded_rows, padded_cols)


def compute(params, inputs):
    m, k = params["m"], params["k"]
    f32 = torch.float32
    sf_g = torch.tensor(params["sf_g"], dtype=f32)
    a = inputs["a"].to(f32).reshape(m, k // BLOCK, BLOCK)
    amax = a.abs().amax(dim=-1, keepdim=True)
    scaled = sf_g * (amax / torch.tensor(6.0, dtype=f32))  # float32 steps
    scale_codes, decoded = e4m3_codes(scaled.double())
    decoded = decoded.to(f32)
    product = decoded * (torch.tensor(1.0, dtype=f32) / sf_g)
    encode = torch.where(decoded == 0, torch.zeros_like(decoded), torch.tensor(1.0, dtype=f32) / product)
    codes = e2m1_codes((a * encode).double()).reshape(m, k // 2, 2)
    q = codes[..., 0] | (codes[..., 1] << 4)
    return {"q": q.to(torch.uint8), "scale": swizzle(scale_codes.reshape(m, k // BLOCK)).to(torch.uint8)}
