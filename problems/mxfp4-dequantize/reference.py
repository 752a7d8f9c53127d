"""PyTorch statement of mxfp4-dequantize: packed E2M1 codes times E8M0 block scales, in float64."""
import torch

BLOCK = 32
E2M1 = torch.tensor([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0], dtype=torch.float64)


def e2m1_values(codes):
    """4-bit E2M1 codes (bit 3 the sign) as float64."""
    c = codes.long()
    magnitude = E2M1[c & 0x7]
    return torch.where((c & 0x8) != 0, -magnitude, magnitude)


def unpack_fp4(packed):
    """Each byte -> (low nibble, high nibble): the even element is the low one."""
    p = packed.long()
    return torch.stack([p & 0xF, p >> 4], dim=-1).reshape(*packed.shape[:-1], packed.shape[-1] * 2)


def e8m0_values(codes):
    return torch.pow(2.0, (codes.long() - 127).double())


def compute(params, inputs):
    m, k = params["m"], params["k"]
    values = e2m1_values(unpack_fp4(inputs["q"])).reshape(m, k // BLOCK, BLOCK)
    scales = e8m0_values(inputs["scale"]).reshape(m, k // BLOCK, 1)
    return {"out": (values * scales).reshape(m, k)}
