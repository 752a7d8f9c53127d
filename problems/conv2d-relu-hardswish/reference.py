"""PyTorch statement of conv2d-relu-hardswish: r = relu(conv2d(image, kernel, padding=K // 2)); r * relu6(r + 3) / 6."""
import torch


def compute(params, inputs):
    image, kernel = inputs["image"], inputs["kernel"]
    kh, kw = kernel.shape
    c = torch.nn.functional.conv2d(image.view(1, 1, *image.shape), kernel.view(1, 1, kh, kw),
                                   padding=(kh // 2, kw // 2)).view(image.shape)
    r = torch.relu(c)
    return {"output": r * torch.clamp(r + 3, 0, 6) / 6}
