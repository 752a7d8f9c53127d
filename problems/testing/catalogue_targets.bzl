"""Targets that load the whole problem catalogue at run time.

Every test and tool here reads the problem folders (//problems:data) and
links every definition, so they share those dependencies; a target names
only what it needs beyond them.
"""

load("@rules_cc//cc:defs.bzl", "cc_binary", "cc_test")

_CATALOGUE_DEPS = [
    ":problems_root",
    "//judge/problem",
    "//problems:definitions",
]

def catalogue_test(name, deps = []):
    """A small gtest, <name>.cc, over the whole catalogue."""
    cc_test(
        name = name,
        size = "small",
        srcs = [name + ".cc"],
        data = ["//problems:data"],
        deps = _CATALOGUE_DEPS + deps + ["//third_party:gtest_main"],
    )

def catalogue_tool(name, deps = []):
    """A command-line tool, <name>.cc, over the whole catalogue."""
    cc_binary(
        name = name,
        srcs = [name + ".cc"],
        data = ["//problems:data"],
        deps = _CATALOGUE_DEPS + deps + [":tool_cli"],
    )
