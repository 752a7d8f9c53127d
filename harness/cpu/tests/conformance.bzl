"""One pair of tests per conformance program.

For conformance/<name>.cu the macro defines:
  <name>       compiled by cucc and run on the CPU backend, checked against
               conformance/<name>.expect when present (else: exit 0, "ALL PASS");
  <name>_nvcc  compiled by the real nvcc for sm_80 and sm_90 (valid CUDA).
and the suites `conformance` and `nvcc_validity` over all of them, so a
failure names its program.

Programs listed in `known_gaps` fail on the backend today for a reason
recorded in KNOWN_GAPS.md: their CPU test is tagged manual (run it by name)
and left out of `conformance`, while their nvcc test still runs. Take a
program off the list when its gap is fixed. `headers` are the shared
headers the programs include.
"""


def conformance_suite(programs, cucc, headers, known_gaps = []):
    cpu_tests = []
    nvcc_tests = []
    for program in programs:
        name = program.split("/")[-1][:-len(".cu")]
        expect = native.glob([program[:-len(".cu")] + ".expect"])
        native.sh_test(
            name = name,
            srcs = ["run_conformance_program.sh"],
            args = ["$(location %s)" % cucc, "$(location %s)" % program] +
                   ["$(location %s)" % e for e in expect],
            data = [cucc, program] + headers + expect,
            size = "medium",
            tags = ["manual"] if name in known_gaps else [],
        )
        native.sh_test(
            name = name + "_nvcc",
            srcs = ["check_nvcc_validity.sh"],
            args = ["$(location %s)" % program],
            data = [program] + headers,
            size = "small",
            tags = ["nvcc"],
        )
        if name not in known_gaps:
            cpu_tests.append(name)
        nvcc_tests.append(name + "_nvcc")
    for gap in known_gaps:
        if gap not in [p.split("/")[-1][:-len(".cu")] for p in programs]:
            fail("known_gaps names '%s', which is not a conformance program" % gap)
    native.test_suite(name = "conformance", tests = cpu_tests)
    native.test_suite(name = "nvcc_validity", tests = nvcc_tests)
