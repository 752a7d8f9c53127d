# A fixture written for the importer's tests: the parameters are computed.
from problem import Problem


class no_parameters(Problem):
    parameters = make_parameters(
        "x", "y")
