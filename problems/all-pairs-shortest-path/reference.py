"""PyTorch statement of all-pairs-shortest-path: Floyd-Warshall over the nonzero entries (upstream's rule), -1 where unreachable."""
import torch


def compute(params, inputs):
    adj = inputs["adj_matrix"]
    n = params["n"]
    dist = torch.where(adj != 0, adj, torch.full_like(adj, float("inf")))
    dist.fill_diagonal_(0.0)
    for k in range(n):
        dist = torch.minimum(dist, dist[:, k:k + 1] + dist[k:k + 1, :])
    return {"output": torch.where(torch.isinf(dist), torch.full_like(dist, -1.0), dist)}
