"""PyTorch statement of mxfp4-quantize (torchao's to_mx, FLOOR scale, E2M1 elements packed
low nibble first) with plain tensor arithmetic in float64: E8M0 scale bytes and packed codes."""
import pathlib
import sys

import torch

sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "common"))
import microscaling as mx  # noqa: E402


def compute(params, inputs):
    m, k = params["m"], params["k"]
    a = inputs["a"].double().reshape(m, k // mx.MX_BLOCK, mx.MX_BLOCK)
    scale = mx.mx_scale_codes(a.abs().amax(dim=-1, keepdim=True), mx.E2M1_MAX_POW2)
    codes = mx.e2m1_codes(a * torch.pow(2.0, (127 - scale).double())).reshape(m, k)
    return {"q": mx.pack_fp4(codes), "scale": scale.reshape(m, k // mx.MX_BLOCK).to(torch.uint8)}
