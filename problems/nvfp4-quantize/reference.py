"""PyTorch statement of nvfp4-quantize (FlashInfer's nvfp4_quantize recipe, each step in
float32 as the statement fixes it): packed E2M1 codes and E4M3 block scales in the 128x4
tiled layout, zero padding."""
import pathlib
import sys

import torch

sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "common"))
import microscaling as mx  # noqa: E402


def compute(params, inputs):
    m, k = params["m"], params["k"]
    block = mx.NVFP4_BLOCK
    f32 = torch.float32
    sf_g = torch.tensor(params["sf_g"], dtype=f32)
    a = inputs["a"].to(f32).reshape(m, k // block, block)
    amax = a.abs().amax(dim=-1, keepdim=True)
    scaled = sf_g * (amax / torch.tensor(6.0, dtype=f32))  # float32 steps
    scale_codes, decoded = mx.e4m3_codes(scaled.double())
    decoded = decoded.to(f32)
    product = decoded * (torch.tensor(1.0, dtype=f32) / sf_g)
    encode = torch.where(decoded == 0, torch.zeros_like(decoded), torch.tensor(1.0, dtype=f32) / product)
    codes = mx.e2m1_codes((a * encode).double()).reshape(m, k)
    return {"q": mx.pack_fp4(codes), "scale": mx.swizzle(scale_codes.reshape(m, k // block)).to(torch.uint8)}
