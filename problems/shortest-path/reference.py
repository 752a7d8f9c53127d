"""PyTorch statement of shortest-path: Bellman-Ford over the entries > 0, -1 where unreachable."""
import torch


def compute(params, inputs):
    adj = inputs["d_adj_matrix"]
    n, source = params["n"], params["source"]
    u, v = torch.where(adj > 0)
    weights = adj[u, v]
    dist = torch.full((n,), float("inf"), dtype=adj.dtype)
    dist[source] = 0.0
    for _ in range(max(n - 1, 0)):
        relaxed = dist.clone()
        relaxed.scatter_reduce_(0, v, dist[u] + weights, reduce="amin")
        if torch.equal(relaxed, dist):
            break
        dist = relaxed
    return {"d_distances": torch.where(torch.isinf(dist), torch.full_like(dist, -1.0), dist)}
