"""PyTorch statement of mxfp4-dequantize: packed E2M1 codes times E8M0 block scales, in float64."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "common"))
import microscaling as mx  # noqa: E402


def compute(params, inputs):
    m, k = params["m"], params["k"]
    values = mx.e2m1_values(mx.unpack_fp4(inputs["q"]))
    return {"out": mx.block_scaled(values, mx.e8m0_values(inputs["scale"]), m, k, mx.MX_BLOCK)}
