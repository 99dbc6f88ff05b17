#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check-npy.py DIR - numpy.load reads the arrays test-npy wrote, with the
dtype, shape and values the C test gave them."""
import sys

import numpy as np


def expect(path, dtype, shape, values):
    a = np.load(path)
    assert a.dtype == np.dtype(dtype), (path, a.dtype)
    assert a.shape == shape, (path, a.shape)
    assert np.array_equal(a, np.array(values, dtype=dtype).reshape(shape)), (path, a)


def main(d):
    expect(f"{d}/f8_2x3.npy", "<f8", (2, 3), [0.5, -1.25, 3e-9, 1e300, 0.0, 7.0])
    expect(f"{d}/i8_4.npy", "<i8", (4,), [0, -1, 2**63 - 1, 42])
    expect(f"{d}/i1_3x2.npy", "|i1", (3, 2), [0, -1, 127, -128, 2, -3])
    expect(f"{d}/f8_2x3x2.npy", "<f8", (2, 3, 2), [i * 0.5 for i in range(12)])
    expect(f"{d}/f8_3x0.npy", "<f8", (3, 0), [])
    print("check-npy: 5 arrays load with the right dtype, shape and values")


if __name__ == "__main__":
    main(sys.argv[1])
