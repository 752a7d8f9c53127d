"""PyTorch statement of matrix-scalar: scalar * input_matrix."""


def compute(params, inputs):
    return {"output_matrix": inputs["input_matrix"] * params["scalar"]}
