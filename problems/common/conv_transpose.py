"""PyTorch side of conv_transpose_problem.h: the transposed convolution of a
problem's reference.py, its stride, padding, output_padding (and dilation,
groups) read from Tensara's ABI names (stride_h, padding_w, ...)."""
import torch.nn.functional as F


def conv_transpose(params, inputs, axes, bias=None, grouped_dilated=False):
    """F.conv_transpose2d or 3d of inputs["input"] by inputs["kernel"] over `axes`
    ("hw" or "dhw"), in the dtype of the inputs."""
    def per_axis(knob):
        return tuple(params[f"{knob}_{axis}"] for axis in axes)

    extra = {"groups": params["groups"], "dilation": per_axis("dilation")} if grouped_dilated else {}
    convolve = {2: F.conv_transpose2d, 3: F.conv_transpose3d}[len(axes)]
    return convolve(inputs["input"], inputs["kernel"], bias, stride=per_axis("stride"),
                    padding=per_axis("padding"), output_padding=per_axis("output_padding"), **extra)
