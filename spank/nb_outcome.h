/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What a helper run means for Slurm: the helper's stable exit codes
 * (docs/design.md, Interface 1) mapped to a SPANK return value. */
#ifndef NB_OUTCOME_H
#define NB_OUTCOME_H

#include <stdbool.h>

#include "common/ended.h"      /* how a failed run is recorded */
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

/* For a run whose outcome failed (rc -1): how nb_run_failed() records it,
 * and its status (the exit code, or the signal). */
enum nb_run_failure nb_outcome_failure(const struct nb_run *run, int *status);

#endif
