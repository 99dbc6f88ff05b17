/* SPDX-License-Identifier: GPL-2.0-or-later */
/* context.h - what nbsim records about a run besides its results: the
 * command line, the date the sim phase started, the --tag values and this
 * rank's disturbance readings around the sim phase. main.c fills it; the
 * result writer turns it into summary.json's "provenance", "disturbance"
 * and "tags" (summary-probes.c). */
#ifndef NB_CONTEXT_H
#define NB_CONTEXT_H

#include "io/disturb.h"

#define NB_DATE_MAX 24

struct nb_run_context {
	int argc;
	char *const *argv;                      /* rank 0's */
	char date_utc[NB_DATE_MAX];             /* "2026-12-01T10:00:00Z" */
	int ntags;
	const char *const *tags;                /* [ntags] "KEY=VALUE" */
	struct nb_disturb_snap disturb_start, disturb_end;
};

#endif
