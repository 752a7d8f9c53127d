"""PyTorch statement of nvfp4-dequantize: packed E2M1 codes x E4M3 block scales (128x4
tiled layout) x float32(1 / sf_g), in float64."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "common"))
import microscaling as mx  # noqa: E402


def compute(params, inputs):
    m, k = params["m"], params["k"]
    values = mx.e2m1_values(mx.unpack_fp4(inputs["q"]))
    scales = mx.e4m3_values(mx.unswizzle(inputs["scale"], m, k // mx.NVFP4_BLOCK))
    return {"out": mx.block_scaled(values, scales, m, k, mx.NVFP4_BLOCK) * mx.global_decode(params["sf_g"])}
