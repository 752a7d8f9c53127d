"""PyTorch statement of grayscale: 0.299 R + 0.587 G + 0.114 B of an HWC image."""


def compute(params, inputs):
    image = inputs["rgb_image"]
    return {"grayscale_output": 0.299 * image[:, :, 0] + 0.587 * image[:, :, 1] + 0.114 * image[:, :, 2]}
