"""PyTorch statement of mxfp4-gemm: c = A B^T with A, B decoded from packed E2M1 codes and
E8M0 block scales (128x4 tiled layout), in float64."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "common"))
import microscaling as mx  # noqa: E402


def decode(codes, scales, rows, k):
    return mx.mx_tiled_decode(mx.e2m1_values(mx.unpack_fp4(codes)), scales, rows, k)


def compute(params, inputs):
    a, b = mx.gemm_operands(params, inputs, decode)
    return {"c": a @ b.t()}
