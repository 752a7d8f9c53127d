"""PyTorch statement of nvfp4-gemm: c = (A B^T) * float32(1/sf_g_a) * float32(1/sf_g_b) with
A, B decoded from packed E2M1 codes and E4M3 block scales (128x4 tiled layout), in float64."""
import numpy as np
import torch

BLOCK = 16
E2M1 = torch.tensor([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0], dtype=torch.float64)


def e2m1_values(codes):
    c = codes.long()
    magnitude = E2M1[c & 0x7]
    return torch.where((c & 0x8) != 0, -magnitude, magnitude)


def unpack_fp4(packed):
    """Each byte -> (low nibble, high nibble): the even element is the low one."""
    p = packed.long()
    return torch.stack([p & 0xF, p >> 4], dim=-1).reshape(*packed.shape[:-1], packed.shape[-1] * 2)


def e4m3_values(codes):
    c = codes.long()
    exponent = (c >> 3) & 0xF
    mantissa = (c & 0x7).double()
    magnitude = torch.where(exponent == 0, mantissa * 2.0 ** -9,
                            (8 + mantissa) * torch.pow(2.0, (exponent - 10).double()))
    magnitude = torch.where((c & 0x7F) == 0x7F, torch.full_like(magnitude, float("nan")), magnitude)
    return torch.where((c & 0x80) != 0, -magnitude, magnitude)


def unswizzle(scales, rows, cols):
    padded_rows, padded_cols = scales.shape
    tiles = scales.reshape(padded_rows // 128, padded_cols // 4, 32, 4, 4)  # (tile row, tile col, r%32, r//32, c)
    return tiles.permute(0, 3, 2, 1, 4).reshape(padded_rows, padded_cols)[:rows, :cols]


def decode(codes, scales, rows, k):
    values = e2m1_values(unpack_fp4(codes)).reshape(rows, k // BLOCK, BLOCK)
    factors = e4m3_values(unswizzle(scales, rows, k // BLOCK))
    return (values * factors.unsqueeze(-1)).reshape(rows, k)


def global_decode(sf_g):
    return float(np.float32(1.0 / float(np.float32(sf_g))))


def compute(params, inputs):
    m, n, k = params["m"], params["n"], params["k"]
    a = decode(inputs["q_a"], inputs["scale_a"], m, k)
    b = decode(inputs["q_b"], inputs["scale_b"], n, k)
    return {"c": (a @ b.t()) * (global_decode(params["sf_g_a"]) * global_decode(params["sf_g_b"]))}
