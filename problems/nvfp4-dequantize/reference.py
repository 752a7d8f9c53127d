"""PyTorch statement of nvfp4-dequantize: packed E2M1 codes x E4M3 block scales (128x4
tiled layout) x float32(1 / sf_g), in float64."""
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
    """The (rows, cols) scale matrix from its 128x4 tiled storage (tiles of
    [32][4][4]: row r of a tile at (r % 32) * 16 + (r // 32) * 4)."""
    padded_rows, padded_cols = scales.shape
    tiles = scales.reshape(padded_rows // 128, padded_cols // 4, 32, 4, 4)  # (tile row, tile col, r%32, r//32, c)
    matrix = tiles.permute(0, 3, 2, 1, 4).reshape(padded_rows, padded_cols)
    return matrix[:rows, :cols]


def global_decode(sf_g):
    return float(np.float32(1.0 / float(np.float32(sf_g))))


def compute(params, inputs):
    m, k = params["m"], params["k"]
    values = e2m1_values(unpack_fp4(inputs["q"])).reshape(m, k // BLOCK, BLOCK)
    scales = e4m3_values(unswizzle(inputs["scale"], m, k // BLOCK)).reshape(m, k // BLOCK, 1)
    return {"out": (values * scales * global_decode(params["sf_g"])).reshape(m, k)}
