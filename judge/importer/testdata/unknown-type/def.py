# A fixture written for the importer's tests: a type the judge lacks.
class unknown_type:
    is_exact = True
    parameters = [
        {"name": "q", "type": "uint8_t", "pointer": True, "const": True},
        {"name": "scale", "type": "float4", "pointer": True, "const": True},
        {"name": "y", "type": "float", "pointer": True, "const": False},
        {"name": "n", "type": "size_t", "pointer": False, "const": False},
    ]

    def generate_test_cases(self):
        return [{"name": "small", "n": 64}]
