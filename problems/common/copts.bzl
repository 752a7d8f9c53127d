"""Compiler options for the references' hot loops.

-O3 with AVX2/FMA: the references compute upstream-size cases in double on a
small CPU, so vector width matters. Eigen (libeigen3-dev, header-only, in
/usr/include/eigen3) supplies the double-precision GEMMs.
"""

REFERENCE_COPTS = [
    "-O3",
    "-mavx2",
    "-mfma",
    "-isystem/usr/include/eigen3",
    "-Wno-maybe-uninitialized",
]
