"""PyTorch statement of vector-addition: d_input1 + d_input2."""


def compute(params, inputs):
    return {"d_output": inputs["d_input1"] + inputs["d_input2"]}
