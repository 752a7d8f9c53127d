"""PyTorch statement of kl-loss: the KL term t (ln t - ln q) per element, 0 where t <= 0."""
import torch


def compute(params, inputs):
    x = inputs["predictions"]
    y = inputs["targets"]
    eps = 1e-10
    t = y.clamp(min=eps)
    terms = t * (torch.log(t) - torch.log(x.clamp(min=eps)))
    return {"output": torch.where(y > 0, terms, torch.zeros_like(terms))}
