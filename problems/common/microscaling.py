"""The microscaling codecs in PyTorch, shared by the reference.py files of the
microscaling problems (mxfp4/mxfp8/nvfp4 dequantize, quantize and gemm): the
Python counterpart of microscaling.h, in float64 unless a function says
otherwise. A reference.py imports it with

    sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "common"))
    import microscaling as mx
"""
import numpy as np
import torch

MX_BLOCK = 32
NVFP4_BLOCK = 16
E2M1_MAX_POW2 = 2
E4M3_MAX_POW2 = 8
E2M1 = torch.tensor([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0], dtype=torch.float64)


def e2m1_values(codes):
    """4-bit E2M1 codes (bit 3 the sign) as float64."""
    c = codes.long()
    magnitude = E2M1[c & 0x7]
    return torch.where((c & 0x8) != 0, -magnitude, magnitude)


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
    """E8M0 scale bytes as 2^(code - 127)."""
    return torch.pow(2.0, (codes.long() - 127).double())


def unpack_fp4(packed):
    """Each byte -> (low nibble, high nibble): the even element is the low one."""
    p = packed.long()
    return torch.stack([p & 0xF, p >> 4], dim=-1).reshape(*packed.shape[:-1], packed.shape[-1] * 2)


def pack_fp4(codes):
    """(rows, k) 4-bit codes -> (rows, k / 2) bytes, the even element in the low nibble."""
    pairs = codes.reshape(codes.shape[0], codes.shape[1] // 2, 2)
    return (pairs[..., 0] | (pairs[..., 1] << 4)).to(torch.uint8)


def unswizzle(scales, rows, cols):
    """The (rows, cols) scale matrix from its 128x4 tiled storage (tiles of
    [32][4][4]: row r of a tile at (r % 32) * 16 + (r // 32) * 4)."""
    padded_rows, padded_cols = scales.shape
    tiles = scales.reshape(padded_rows // 128, padded_cols // 4, 32, 4, 4)  # (tile row, tile col, r%32, r//32, c)
    return tiles.permute(0, 3, 2, 1, 4).reshape(padded_rows, padded_cols)[:rows, :cols]


def swizzle(matrix):
    """(rows, cols) scales -> their 128x4 tiled storage, zero padding."""
    rows, cols = matrix.shape
    padded_rows, padded_cols = (rows + 127) // 128 * 128, (cols + 3) // 4 * 4
    padded = torch.zeros(padded_rows, padded_cols, dtype=matrix.dtype)
    padded[:rows, :cols] = matrix
    tiles = padded.reshape(padded_rows // 128, 4, 32, padded_cols // 4, 4)  # (tile row, r//32, r%32, tile col, c)
    return tiles.permute(0, 3, 2, 1, 4).reshape(padded_rows, padded_cols)


def block_scaled(values, scales, rows, k, block):
    """(rows, k) element values times the (rows, k / block) block scales."""
    return (values.reshape(rows, k // block, block) * scales.reshape(rows, k // block, 1)).reshape(rows, k)


def mx_tiled_decode(values, scales, rows, k):
    """An MX GEMM operand: element values (rows, k) times E8M0 block scales stored in the
    128x4 tiled layout."""
    return block_scaled(values, e8m0_values(unswizzle(scales, rows, k // MX_BLOCK)), rows, k, MX_BLOCK)


def gemm_operands(params, inputs, decode):
    """A (m, k) and B (n, k) of a block-scaled GEMM (tensors q_a, scale_a, q_b, scale_b),
    each decoded by decode(codes, scales, rows, k)."""
    m, n, k = params["m"], params["n"], params["k"]
    return decode(inputs["q_a"], inputs["scale_a"], m, k), decode(inputs["q_b"], inputs["scale_b"], n, k)


def global_decode(sf_g):
    """NVFP4's float32(1 / float32(sf_g))."""
    return float(np.float32(1.0 / float(np.float32(sf_g))))


def float32_exponent(magnitude):
    """floor(log2 |x|) of float32 values held in float64; -127 for zero and
    float32 subnormals (their exponent field is 0)."""
    _, e = torch.frexp(magnitude)
    return torch.where(magnitude < 2.0 ** -126, torch.full_like(e, -127), e - 1).long()


def mx_scale_codes(max_abs, element_max_pow2):
    """E8M0 codes of torchao's FLOOR rule: the largest magnitude's exponent
    less the element format's largest power of two, clamped, biased by 127."""
    return torch.clamp(float32_exponent(max_abs) - element_max_pow2, -127, 127) + 127


def round_to_grid(magnitude, max_value, mantissa_bits, min_exponent):
    """Non-negative values clamped to max_value and rounded to nearest even on
    the grid of a float format with that many mantissa bits."""
    a = magnitude.clamp(max=max_value)
    _, e = torch.frexp(a)
    exponent = torch.clamp(e.long() - 1, min=min_exponent)
    quantum = torch.pow(2.0, (exponent - mantissa_bits).double())
    return torch.round(a / quantum) * quantum  # torch.round: ties to even


def e4m3_codes(x):
    """(E4M3 codes, the values they stand for) of float64 values, rounded to
    nearest even and saturated at 448."""
    v = round_to_grid(x.abs(), 448.0, 3, -6)
    _, e = torch.frexp(v)
    exponent = e.long() - 1
    normal = ((exponent + 7) << 3) | (v * torch.pow(2.0, (3 - exponent).double()) - 8).long()
    code = torch.where(v < 2.0 ** -6, (v * 2.0 ** 9).long(), normal)
    return torch.where(torch.signbit(x), code | 0x80, code), torch.where(torch.signbit(x), -v, v)


def e2m1_codes(x):
    """4-bit codes: magnitudes 0, 0.5, 1, 1.5, 2, 3, 4, 6 are codes 0-7; bit 3 the sign."""
    v = round_to_grid(x.abs(), 6.0, 1, 0)
    _, e = torch.frexp(v)
    exponent = e.long() - 1
    normal = (exponent + 1) * 2 + (v * torch.pow(2.0, (-exponent).double()) * 2 - 2).long()
    code = torch.where(v < 1.0, (v * 2).long(), normal)
    return torch.where(torch.signbit(x), code | 0x8, code)
