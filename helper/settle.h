/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What every writing run (prolog, epilog, reset, reconcile) does first:
 * the leftovers of earlier runs are settled so that the kernel holds what
 * the running jobs need. */
#ifndef NB_SETTLE_H
#define NB_SETTLE_H

#include "nodestate/session.h"

/* In order: records of prologs that did not finish (never in force: what
 * they may have written is undone, then they go); then every done record
 * (the epilog's, or the plugin's after a failed epilog run): the
 * kernel is put where the running jobs' records say (the baseline when
 * none is left), the job's end is logged, and its record goes; last the
 * kernel is put where the running jobs' records say (whatever step an
 * earlier run stopped at; a baseline no record needs is never applied),
 * and the baseline goes once nothing needs it. A write that fails leaves the done
 * records for the next run and returns its exit code (4): `check` reports
 * them until then. *cleared counts the done records settled (may be NULL). */
enum nb_exit settle(struct nb_session *s, unsigned *cleared);

#endif
