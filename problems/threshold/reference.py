"""PyTorch statement of threshold: 255 where input_image > threshold_value, else 0."""
import torch


def compute(params, inputs):
    image = inputs["input_image"]
    white = torch.full_like(image, 255.0)
    return {"output_image": torch.where(image > params["threshold_value"], white, torch.zeros_like(image))}
