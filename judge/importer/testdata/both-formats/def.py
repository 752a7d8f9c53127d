# A fixture written for the importer's tests: parameters in both places,
# and they disagree (def.py adds n).
class both_formats:
    is_exact = True
    parameters = [
        {"name": "x", "type": "float", "pointer": True, "const": True},
        {"name": "y", "type": "float", "pointer": True, "const": False},
        {"name": "n", "type": "size_t", "pointer": False, "const": False},
    ]

    def generate_test_cases(self):
        return [{"name": "n-8", "n": 8}]
