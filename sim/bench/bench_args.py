# SPDX-License-Identifier: GPL-2.0-or-later
"""bench_args.py - the command-line options the reference simulators'
Brunel scripts (brunel-brian2.py, nest-brunel.py) share with nbsim's
--model brunel, and their checks."""


def add_network_args(p):
    """--scale, --t-presim, --t-sim, --threads, --seed on parser p."""
    p.add_argument("--scale", type=float, default=1.0,
                   help="population sizes x S, in-degrees kept (default 1)")
    p.add_argument("--t-presim", type=float, default=100.0,
                   help="model time before the measured phase, ms (default 100)")
    p.add_argument("--t-sim", type=float, default=1000.0,
                   help="measured model time, ms (default 1000)")
    p.add_argument("--threads", type=int, default=2,
                   help="threads (default 2)")
    p.add_argument("--seed", type=int, default=12345, help="seed (default 12345)")


def network_args_ok(a):
    """Whether the shared options are in range."""
    return a.scale > 0 and a.t_sim > 0 and a.t_presim >= 0 and a.threads >= 1
