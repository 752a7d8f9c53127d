"""PyTorch statement of mxfp8-gemm: c = A B^T with A, B decoded from E4M3 codes and E8M0
block scales (128x4 tiled layout), in float64."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "common"))
import microscaling as mx  # noqa: E402


def decode(codes, scales, rows, k):
    values = mx.e4m3_values(codes)
    return mx.block_scaled(values, mx.e8m0_values(mx.unswizzle(scales, rows, k // mx.MX_BLOCK)), rows, k, mx.MX_BLOCK)


def compute(params, inputs):
    m, n, k = params["m"], params["n"], params["k"]
    a = decode(inputs["q_a"], inputs["scale_a"], m, k)
    b = decode(inputs["q_b"], inputs["scale_b"], n, k)
    return {"c": a @ b.t()}
