# A fixture written for the importer's tests: every case, and the sample,
# built by a method of the class from a literal table in a comprehension.
import torch
from problem import Problem

TILE = 16


class helper_method(Problem):
    is_exact = False
    parameters = [
        {"name": "a", "type": "float", "pointer": True, "const": True},
        {"name": "b", "type": "float", "pointer": True, "const": True},
        {"name": "c", "type": "float", "pointer": True, "const": False},
        {"name": "m", "type": "size_t", "pointer": False, "const": False},
        {"name": "n", "type": "size_t", "pointer": False, "const": False},
        {"name": "k", "type": "size_t", "pointer": False, "const": False},
    ]

    def _case(self, m, n, label, k=TILE * 4):
        seed = Problem.get_seed(label)

        def create_inputs(m=m, n=n, k=k):
            return torch.rand(m, k), torch.rand(k, n)

        return {"name": label, "dims": (m, n, k), "create_inputs": create_inputs}

    def generate_test_cases(self):
        table = [(128, 256, "small"), (1024, 512, "wide k", ), (TILE, TILE, "one tile")]
        return [self._case(m, n, label) for m, n, label in table]

    def generate_sample(self):
        return self._case(4, 4, "sample", k=8)

    def verify_result(self, expected, actual):
        return torch.allclose(actual, expected, atol=1e-3, rtol=1e-3), {}

    def get_extra_params(self, test_case):
        m, n, k = test_case["dims"]
        return [m, n, k]
