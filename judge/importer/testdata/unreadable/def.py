# A fixture written for the importer's tests: the parameters are literal,
# but the case table is a comprehension, the tolerance an attribute and
# the extra parameters a call, so each must be reported with its line.
from problem import Problem


class unreadable(Problem):
    parameters = [
        {"name": "x", "type": "float", "pointer": True, "const": True},
        {"name": "y", "type": "float", "pointer": True, "const": False},
        {"name": "n", "type": "size_t", "pointer": False, "const": False},
    ]

    tolerance = 1e-3

    def generate_test_cases(self):
        sizes = [2**k for k in range(10, 14)]
        cases = []
        for n in sizes:
            cases.append({"name": f"n{n}", "n": n})
        return cases

    def verify_result(self, expected, actual):
        return torch.allclose(actual, expected, rtol=self.tolerance, atol=self.tolerance)

    def get_extra_params(self, test_case):
        return [int(test_case["n"])]
