"""PyTorch statement of box-blur: window sums by a ones-kernel convolution over the
zero-padded image, divided by the number of pixels each window holds inside the image."""
import torch


def compute(params, inputs):
    image = inputs["input_image"]
    k = params["kernel_size"]
    r = k // 2
    ones = torch.ones((1, 1, k, k), dtype=image.dtype)
    sums = torch.nn.functional.conv2d(image[None, None], ones, padding=r)[0, 0]
    counts = torch.nn.functional.conv2d(torch.ones_like(image)[None, None], ones, padding=r)[0, 0]
    return {"output_image": sums / counts}
