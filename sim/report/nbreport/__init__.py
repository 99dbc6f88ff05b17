# SPDX-License-Identifier: GPL-2.0-or-later
"""nbreport: reads nbsim result directories (docs/design.md, Interface 2),
computes the statistics and the per-run verdict, and draws the figures and
the HTML page of nbsim-report."""
