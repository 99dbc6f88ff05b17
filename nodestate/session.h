/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One run of a command: sysctl opened, state directory checked, locked and
 * loaded, kernel value read under the lock; and the few operations every
 * command builds on (what the kernel must hold, writing it, dropping a
 * baseline nothing needs). Settling leftovers is settle.h's. */
#ifndef NB_SESSION_H
#define NB_SESSION_H

#include <stdint.h>

#include "common/exitcodes.h"
#include "paths.h"
#include "state.h"
#include "sysctl.h"

/* What a command does: only looks (status, check, metrics: any user may
 * run them, and they write nothing, not even a proven-bad file's removal),
 * reads the kernel value and may rewrite its job's record (step-end),
 * writes the value and must know up front that it can (prolog), or
 * restores it and needs write access only when a write is due (epilog,
 * reset, reconcile). */
enum nb_access { NB_SESSION_LOOK, NB_SESSION_READ, NB_SESSION_WRITE, NB_SESSION_RESTORE };

struct nb_session {
	struct nb_paths paths;
	struct nb_sysctl sc;
	enum nb_exit sysctl_rc;  /* OK, or why the kernel value is unknown */
	int kernel;              /* value read under the lock; -1 if unknown */
	int dirfd, lockfd;
	struct nb_state st;
};

/* NB_SESSION_WRITE: a sysctl that cannot be written ends the session before
 * anything is touched (NB_EXIT_UNSUPPORTED). Otherwise the session goes on
 * with kernel = -1 if it cannot be read (no sysctl), and a write that is
 * due later fails with NB_EXIT_UNSUPPORTED if the sysctl cannot be written.
 * ended_job (an epilog's job, else 0): its job.<id> becomes done.<id> as
 * soon as the lock is held, before anything else is read, so no later
 * failure can make the node forget that the job ended. */
enum nb_exit session_begin(struct nb_session *s, enum nb_access access, uint32_t ended_job);
void session_end(struct nb_session *s);
/* The value the kernel must hold now, or -1 when nothing is enforced: the
 * policy over the running jobs' records and the baseline. With no such
 * record, the baseline is enforced while an ended job's restore is owed
 * (done records) or the kernel holds the request of a prolog that did not
 * finish (which may have written it); otherwise the kernel holds the
 * baseline or a value set since, not ours to undo. */
int session_expected(const struct nb_session *s);
/* Writes value unless the kernel already holds it. Afterwards kernel is
 * what the kernel holds, also after a failure (-1 when unknown: the next
 * apply writes whatever it holds). */
enum nb_exit session_apply(struct nb_session *s, int value);
/* Puts the kernel where the running jobs' records say, and drops the
 * baseline once nothing needs it. */
enum nb_exit session_converge(struct nb_session *s);
/* Removes the baseline when no record of any kind needs it. */
enum nb_exit session_drop_lone_baseline(struct nb_session *s);

#endif
