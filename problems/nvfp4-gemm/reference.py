"""PyTorch statement of nvfp4-gemm: c = (A B^T) * float32(1/sf_g_a) * float32(1/sf_g_b) with
A, B decoded from packed E2M1 codes and E4M3 block scales (128x4 tiled layout), in float64."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "common"))
import microscaling as mx  # noqa: E402


def decode(codes, scales, rows, k):
    values = mx.e2m1_values(mx.unpack_fp4(codes))
    factors = mx.e4m3_values(mx.unswizzle(scales, rows, k // mx.NVFP4_BLOCK))
    return mx.block_scaled(values, factors, rows, k, mx.NVFP4_BLOCK)


def compute(params, inputs):
    a, b = mx.gemm_operands(params, inputs, decode)
    return {"c": (a @ b.t()) * (mx.global_decode(params["sf_g_a"]) * mx.global_decode(params["sf_g_b"]))}
