"""PyTorch statement of min-spanning-tree: Prim over the nonzero entries, -1 if disconnected."""
import torch


def compute(params, inputs):
    adj = inputs["A"]
    n = params["n"]
    weights = torch.where(adj == 0, torch.full_like(adj, float("inf")), adj)
    in_tree = torch.zeros(n, dtype=torch.bool)
    in_tree[0] = True
    key = weights[0].clone()
    total = torch.zeros((), dtype=adj.dtype)
    for _ in range(n - 1):
        candidates = torch.where(in_tree, torch.full_like(key, float("inf")), key)
        u = int(torch.argmin(candidates))
        if torch.isinf(candidates[u]):
            return {"min_weight": torch.tensor([-1.0], dtype=adj.dtype)}
        in_tree[u] = True
        total = total + candidates[u]
        key = torch.minimum(key, weights[u])
    return {"min_weight": total.reshape(1)}
