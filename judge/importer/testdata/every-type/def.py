# A fixture written for the importer's tests: every parameter type the
# judge knows, a literal case table with arithmetic, nested loops, f-string
# names, a sample and get_extra_params.
import torch
from problem import Problem


class every_type(Problem):
    is_exact = False

    parameters = [
        {"name": "x", "type": "float", "pointer": True, "const": True},
        {"name": "x64", "type": "double", "pointer": True, "const": True},
        {"name": "xh", "type": "float16", "pointer": True, "const": True},
        {"name": "xb", "type": "bfloat16", "pointer": True, "const": True},
        {"name": "i8", "type": "int8_t", "pointer": True, "const": True},
        {"name": "i16", "type": "int16_t", "pointer": True, "const": True},
        {"name": "i32", "type": "int", "pointer": True, "const": True},
        {"name": "i64", "type": "int64_t", "pointer": True, "const": True},
        {"name": "u8", "type": "uint8_t", "pointer": True, "const": True},
        {"name": "u16", "type": "uint16_t", "pointer": True, "const": True},
        {"name": "u32", "type": "uint32_t", "pointer": True, "const": True},
        {"name": "u64", "type": "uint64_t", "pointer": True, "const": True},
        {"name": "flags", "type": "bool", "pointer": True, "const": True},
        {"name": "y", "type": "float", "pointer": True, "const": False},
        {"name": "factor", "type": "float", "pointer": False, "const": False},
        {"name": "rows", "type": "size_t", "pointer": False, "const": False},
        {"name": "cols", "type": "size_t", "pointer": False, "const": False},
    ]

    def __init__(self):
        super().__init__(name="every-type")

    def reference_solution(self, x, factor):
        return x * factor

    def generate_test_cases(self):
        test_configs = [
            ("square 1K", 2**10, 1024),      # arithmetic in a literal
            ("tall", 1024 * 1024, 3),
            ("wide", 7, 4 * 4),
        ]
        factors = [0.5, 2.0]
        cases = []
        for label, r, c in test_configs:
            for factor in factors:
                name = f"{label}, factor={factor}"
                cases.append({
                    "name": name,
                    "dims": (r, c),
                    "factor": factor,
                    "create_inputs": lambda r=r, c=c: (torch.rand(r, c),),
                })
        return cases

    def generate_sample(self):
        r, c = (2, 3)
        return {"name": "tiny", "dims": (r, c), "factor": 1.5,
                "create_inputs": lambda: (torch.ones(2, 3),)}

    def verify_result(self, expected, actual):
        ok = torch.allclose(actual, expected,
                            rtol=1e-4,
                            atol=2.5e-5)
        return ok, {}

    def get_flops(self, test_case):
        r, c = test_case["dims"]
        return r * c

    def get_extra_params(self, test_case):
        rows, cols = test_case["dims"]
        return [rows, cols]
