/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Exit codes of numa-balancing-helper: a stable interface (docs/design.md). */
#ifndef NB_EXITCODES_H
#define NB_EXITCODES_H

enum nb_exit {
	NB_EXIT_OK = 0,            /* applied, epilog done, status printed, check passed */
	NB_EXIT_DRIFT = 1,         /* check: kernel value differs from the state */
	NB_EXIT_USAGE = 2,         /* bad command line or environment value */
	NB_EXIT_NOT_HONOURED = 3,  /* shared node: a conflicting request stays in force */
	NB_EXIT_UNSUPPORTED = 4,   /* no sysctl or read-only /proc/sys: nothing changed */
	NB_EXIT_BROKEN = 5         /* broken installation or unexpected I/O error */
};

#endif
