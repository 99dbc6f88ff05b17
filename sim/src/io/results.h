/* SPDX-License-Identifier: GPL-2.0-or-later */
/* results.h - the writer of a finished run's result directory
 * (docs/design.md, "Interface 2"): summary.json, the per-rank, per-cycle
 * .npy arrays, the placement samples (placement_out.h) and the
 * beNNch-style timers.txt, from what the run hands it (run.h).
 * Every rank calls nb_results_write (it gathers); rank 0 writes. results.c. */
#ifndef NB_RESULTS_H
#define NB_RESULTS_H

#include "io/run.h"

/* Returns 0, or -1 with a message on stderr (rank 0) when DIR cannot be
 * written. Collective: every rank must call it. */
int nb_results_write(const char *dir, const struct nb_run *run,
                     const struct nb_cycle_log *log);

#endif
