/* SPDX-License-Identifier: GPL-2.0-or-later */
/* progress.h - rank 0's progress line (percent, model time, RTF so far,
 * ETA), on a terminal or when asked with --progress. progress.c. */
#ifndef NB_PROGRESS_H
#define NB_PROGRESS_H

#include <stdbool.h>

/* enabled: --progress given, or stderr is a terminal. */
void nb_progress_start(bool enabled, double model_ms_total);
/* Called by rank 0 after each cycle; prints at most a few times a second. */
void nb_progress_update(double model_ms_done);
void nb_progress_end(void);

#endif
