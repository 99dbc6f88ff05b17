# SPDX-License-Identifier: GPL-2.0-or-later
"""The release that nbsim-report and numa-balancing-validate print with
--version: the Makefile's VERSION (check-report compares them)."""

VERSION = "1.0.0"
