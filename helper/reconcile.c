/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Clearing the records of jobs proven gone (gone.h): every writing run
 * (prolog, epilog, reset, reconcile) does it first, in session_begin, so
 * no other job's run keeps a gone job's value in force; the reconcile
 * command does only that, for administrators and timers. */
#include <inttypes.h>
#include <stdio.h>

#include "commands.h"
#include "gone.h"
#include "log.h"
#include "session.h"

/* Record i's job is proven gone: as its epilog would have, the kernel is
 * put where the remaining records say before the record is removed. */
static enum nb_exit clear(struct nb_session *s, size_t i, const struct nb_ended *e)
{
	int before = s->kernel;
	struct nb_record r;
	enum nb_exit rc = session_forget(s, i, &r, "ended");
	char why[96];

	if (rc != NB_EXIT_OK)
		return rc;
	gone_why(e, why, sizeof(why));
	log_msg(LOG_WARNING, "job %" PRIu32 " ended, but %s, and no step of it runs here: its record "
	        "is removed; kernel.numa_balancing %d -> %d", r.job, why, before, s->kernel);
	return NB_EXIT_OK;
}

/* Markers no record needs any more, and proven-bad ones, go. */
static void tidy(const struct nb_session *s, const struct nb_gone *g)
{
	for (size_t i = 0; i < g->n; i++) {
		if (state_find(&s->st, g->marks[i].job) < 0)
			gone_unmark(s->dirfd, g->marks[i].job);
	}
	for (size_t i = 0; i < g->nbad; i++) {
		if (gone_remove(s->dirfd, g->bad[i]) == 0)
			log_msg(LOG_WARNING, "state file %s: corrupt, misnamed or from an earlier boot: "
			        "removed", g->bad[i]);
	}
}

enum nb_exit session_settle_gone(struct nb_session *s, int always, unsigned *cleared)
{
	enum nb_exit rc = NB_EXIT_OK;
	struct nb_gone g;

	*cleared = 0;
	if (!always && s->st.ended == 0)
		return NB_EXIT_OK; /* no marker: nothing to prove or tidy */
	gone_load(&g, s->dirfd, s->st.boot_id);
	/* Backwards: clearing moves the last record into slot i, already seen. */
	for (size_t i = s->st.jobs.n; rc == NB_EXIT_OK && i-- > 0;) {
		uint32_t job = s->st.jobs.recs[i].job;

		if (gone_proven(&g, &s->paths, job)) {
			rc = clear(s, i, gone_marker(&g, job));
			*cleared += rc == NB_EXIT_OK;
		}
	}
	if (rc == NB_EXIT_OK && *cleared > 0)
		rc = session_converge(s);
	if (rc == NB_EXIT_OK)
		tidy(s, &g);
	gone_free(&g);
	return rc;
}

/* What reconcile leaves: jobs whose epilog failed but that still show a
 * step or a cgroup keep their records. */
static void report_kept(struct nb_session *s)
{
	struct nb_gone g;

	gone_load(&g, s->dirfd, s->st.boot_id);
	for (size_t i = 0; i < s->st.jobs.n; i++) {
		uint32_t job = s->st.jobs.recs[i].job;

		if (gone_marker(&g, job))
			printf("numa-balancing: reconcile: job %" PRIu32 ": its epilog failed, but it still "
			       "shows a %s here: record kept\n", job,
			       gone_seen(&g, &s->paths, job) & NB_SEEN_STEP ? "step" : "job cgroup");
	}
	gone_free(&g);
}

enum nb_exit cmd_reconcile(void)
{
	struct nb_session s;
	enum nb_exit rc = session_begin(&s, NB_SESSION_RESTORE);
	unsigned cleared;

	if (rc == NB_EXIT_OK)
		rc = session_settle_gone(&s, 1, &cleared);
	if (rc == NB_EXIT_OK) {
		report_kept(&s);
		cleared += s.gone_cleared;
		printf("numa-balancing: reconcile: %u record%s of ended jobs cleared; "
		       "kernel.numa_balancing is %d\n", cleared, cleared == 1 ? "" : "s", s.kernel);
		if (fflush(stdout) != 0)
			rc = NB_EXIT_BROKEN;
	}
	session_end(&s);
	return rc;
}
