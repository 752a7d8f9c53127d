# A fixture written for the importer's tests: Tensara's older layout, where
# def.py has no parameters list (problem.md's front matter holds it).
import torch
from problem import Problem


class old_format(Problem):
    def generate_test_cases(self):
        return [{"name": "n-100", "n": 100}]

    def verify_result(self, expected, actual):
        return torch.allclose(actual, expected, rtol=1e-5, atol=1e-5), {}
