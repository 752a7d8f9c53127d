"""PyTorch statement of mxfp8-quantize (torchao's to_mx, FLOOR scale, E4M3 elements)
with plain tensor arithmetic in float64: E8M0 scale bytes and E4M3 code bytes."""
import pathlib
import sys

import torch

sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "common"))
import microscaling as mx  # noqa: E402


def compute(params, inputs):
    m, k = params["m"], params["k"]
    a = inputs["a"].double().reshape(m, k // mx.MX_BLOCK, mx.MX_BLOCK)
    scale = mx.mx_scale_codes(a.abs().amax(dim=-1, keepdim=True), mx.E4M3_MAX_POW2)
    q, _ = mx.e4m3_codes(a * torch.pow(2.0, (127 - scale).double()))
    return {"q": q.reshape(m, k).to(torch.uint8), "scale": scale.reshape(m, k // mx.MX_BLOCK).to(torch.uint8)}
