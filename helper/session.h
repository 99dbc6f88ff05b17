/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One run of a state-changing or reporting command: sysctl opened, state
 * directory checked, locked and loaded, kernel value read under the lock. */
#ifndef NB_SESSION_H
#define NB_SESSION_H

#include "common/exitcodes.h"
#include "paths.h"
#include "state.h"
#include "sysctl.h"

/* What a command does to the kernel value: reads it (status, check,
 * step-end), writes it and must know up front that it can (prolog), or
 * restores it and needs write access only when a write is due (epilog,
 * reset). */
enum nb_access { NB_SESSION_READ, NB_SESSION_WRITE, NB_SESSION_RESTORE };

struct nb_session {
	struct nb_paths paths;
	struct nb_sysctl sc;
	enum nb_exit sysctl_rc;  /* OK, or why the kernel value is unknown */
	int kernel;              /* value read under the lock; -1 if unknown */
	int dirfd, lockfd;
	struct nb_state st;
	unsigned gone_cleared;   /* records of jobs proven gone cleared by session_begin */
};

/* NB_SESSION_WRITE: a sysctl that cannot be written ends the session before
 * anything is touched (NB_EXIT_UNSUPPORTED). Otherwise the session goes on
 * with kernel = -1 if it cannot be read (no sysctl), and a write that is
 * due later fails with NB_EXIT_UNSUPPORTED if the sysctl cannot be written.
 * WRITE and RESTORE settle the records of prologs that did not finish (the
 * kernel put where the finished records say, the pending records removed),
 * and those of jobs proven gone (session_settle_gone). */
enum nb_exit session_begin(struct nb_session *s, enum nb_access access);
void session_end(struct nb_session *s);
/* The value the kernel must hold now, or -1 when nothing is enforced: the
 * policy over the finished records and the baseline. With no finished
 * record, the baseline is enforced only while the kernel holds the request
 * of a prolog that did not finish (which may have written it); otherwise
 * the kernel holds the baseline or a value set since, not ours to undo. */
int session_expected(const struct nb_session *s);
/* Writes value unless the kernel already holds it. Afterwards kernel is
 * what the kernel holds, also after a failure (-1 when unknown: the next
 * apply writes whatever it holds). */
enum nb_exit session_apply(struct nb_session *s, int value);
/* Removes the baseline when no record, finished or pending, needs it. */
enum nb_exit session_drop_lone_baseline(struct nb_session *s);
/* Forgets finished record i into *r: the kernel is put where the remaining
 * records say before its file is removed, so a run stopped in between
 * leaves the record, which the next run applies or forgets again. A failed
 * write is logged for the job's "why" (epilog, ended). */
enum nb_exit session_forget(struct nb_session *s, size_t i, struct nb_record *r, const char *why);
/* Puts the kernel where the finished records say, and drops the baseline
 * once no job record is left. */
enum nb_exit session_converge(struct nb_session *s);
/* Clears the records of jobs proven gone (gone.h), restoring what the
 * remaining records say, and removes the ended markers no record needs.
 * Unless always, a state directory without markers is left as it is.
 * Counts the records cleared. Reading which jobs run never fails: an
 * error there means "running". (reconcile.c) */
enum nb_exit session_settle_gone(struct nb_session *s, int always, unsigned *cleared);

#endif
