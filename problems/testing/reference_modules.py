"""Loads a problem's PyTorch reference (problems/<slug>/reference.py) as a module.

Shared by torch_crosscheck.py and torch_benchmark.py, which sit beside it.
"""
import importlib.util


def load_reference(problems_dir, slug):
    path = problems_dir / slug / "reference.py"
    spec = importlib.util.spec_from_file_location(f"reference_{slug.replace('-', '_')}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
