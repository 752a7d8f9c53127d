"""PyTorch statement of histogram: clamp to [0, B - 1], truncate, count."""
import torch


def compute(params, inputs):
    bins = params["num_bins"]
    index = torch.clamp(inputs["image"], 0, bins - 1).long().flatten()
    return {"histogram": torch.bincount(index, minlength=bins).to(inputs["image"].dtype)}
