/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What a helper run means for Slurm: the helper's stable exit codes
 * (docs/design.md, Interface 1) mapped to a SPANK return value. */
#ifndef NB_OUTCOME_H
#define NB_OUTCOME_H

#include <stdbool.h>

#include "common/exitcodes.h"  /* the helper's own definition */
#include "nb_spawn.h"

struct nb_outcome {
	int rc;           /* 0 or -1, returned to Slurm */
	bool notable;     /* rc 0 but worth a log line (3, 4) */
	char what[256];   /* one line: what happened */
};

/* Maps one finished (or failed) run of the helper. */
void nb_outcome_of(const struct nb_run *run, unsigned timeout_s,
		   struct nb_outcome *out);

#endif
