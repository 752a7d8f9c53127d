"""PyTorch statement of mxfp8-gemm: c = A B^T with A, B decoded from E4M3 codes and E8M0
block scales (128x4 tiled layout), in float64."""
import torch

BLOCK = 32


def e4m3_values(codes):
    c = codes.long()
    exponent = (c >> 3) & 0xF
    mantissa = (c & 0x7).double()
    magnitude = torch.where(exponent == 0, mantissa * 2.0 ** -9,
                            (8 + mantissa) * torch.pow(2.0, (exponent - 10).double()))
    magnitude = torch.where((c & 0x7F) == 0x7F, torch.full_like(magnitude, float("nan")), magnitude)
    return torch.where((c & 0x80) != 0, -magnitude, magnitude)


def unswizzle(scales, rows, cols):
    """The (rows, cols) scale matrix from its 128x4 tiled storage."""
    padded_rows, padded_cols = scales.shape
    tiles = scales.reshape(padded_rows // 128, padded_cols // 4, 32, 4, 4)  # (tile row, tile col, r%32, r//32, c)
    return tiles.permute(0, 3, 2, 1, 4).reshape(padded_rows, padded_cols)[:rows, :cols]


def decode(codes, scales, rows, k):
    values = e4m3_values(codes).reshape(rows, k // BLOCK, BLOCK)
    factors = torch.pow(2.0, (unswizzle(scales, rows, k // BLOCK).long() - 127).double())
    return (values * factors.unsqueeze(-1)).reshape(rows, k)


def compute(params, inputs):
    m, n, k = params["m"], params["n"], params["k"]
    a = decode(inputs["q_a"], inputs["scale_a"], m, k)
    b = decode(inputs["q_b"], inputs["scale_b"], n, k)
    return {"c": a @ b.t()}
