/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Settling what earlier runs left: unfinished prologs, and ended jobs
 * whose restore is owed. */
#include "settle.h"

#include <inttypes.h>
#include <stdio.h>
#include <time.h>

#include "common/vmstat.h"
#include "nodestate/failpoint.h"
#include "nodestate/log.h"
#include "memstat.h"

/* Records of prologs that did not finish were never in force: undo what
 * such a prolog may have written, then remove them. */
static enum nb_exit settle_pending(struct nb_session *s)
{
	enum nb_exit rc;

	if (s->st.pending.n == 0)
		return NB_EXIT_OK;
	rc = session_apply(s, session_expected(s));
	while (rc == NB_EXIT_OK && s->st.pending.n > 0) {
		uint32_t job = s->st.pending.recs[0].job;

		if (state_remove_record(&s->st, job, NB_PENDING) != 0)
			return NB_EXIT_BROKEN;
		log_msg(LOG_WARNING, "job %" PRIu32 ": its prolog did not finish, so its request was never "
		        "in force: record removed", job);
	}
	return rc;
}

static uint64_t delta(uint64_t now, uint64_t then)
{
	return now >= then ? now - then : 0;
}

/* Who the value is now for: " (job N)" or " (baseline)". */
static void holder_note(const struct nb_session *s, char *buf, size_t len)
{
	uint32_t job = state_holder_job(&s->st);

	if (job)
		snprintf(buf, len, " (job %" PRIu32 ")", job);
	else
		snprintf(buf, len, "%s", s->st.has_baseline ? " (baseline)" : "");
}

/* The job's epilog line: its request, the value change and who holds it
 * now, and the node's balancing activity over the job (and its cgroup's:
 * read now, or as step-end kept them). */
static void log_end(const struct nb_session *s, const struct nb_record *r, int before)
{
	struct nb_counters now;
	char cg[NB_CGROUP_NUMA_MAX], note[32];
	const char *cg_note = "; job cgroup ";

	if (vmstat_read(s->paths.vmstat, &now) != 0) {
		log_msg(LOG_WARNING, "%s: cannot read the counters", s->paths.vmstat);
		now = r->start;
	}
	cgroup_numa(s->paths.cgroup_slice, r->job, cg, sizeof(cg));
	if (!cg[0] && r->cgroup[0]) {
		snprintf(cg, sizeof(cg), "%s", r->cgroup);
		cg_note = "; job cgroup at its last step's end ";
	}
	holder_note(s, note, sizeof(note));
	log_msg(LOG_INFO, "job %" PRIu32 " epilog: request %d%s %s; kernel.numa_balancing %d -> %d%s; "
	        "over %" PRIu64 " s numa_pte_updates +%" PRIu64 " numa_hint_faults +%" PRIu64
	        " numa_hint_faults_local +%" PRIu64 " numa_pages_migrated +%" PRIu64 "%s%s",
	        r->job, r->value, r->yield ? " (yields)" : "", r->honoured ? "honoured" : "not honoured",
	        before, s->kernel, note,
	        delta((uint64_t)time(NULL), r->started),
	        delta(now.pte_updates, r->start.pte_updates),
	        delta(now.hint_faults, r->start.hint_faults),
	        delta(now.hint_faults_local, r->start.hint_faults_local),
	        delta(now.pages_migrated, r->start.pages_migrated),
	        cg[0] ? cg_note : "", cg);
}

/* The restore every done record is owed: the kernel first, then the
 * records, so a run stopped in between leaves them for the next. */
static enum nb_exit settle_done(struct nb_session *s, unsigned *cleared)
{
	int before = s->kernel;
	enum nb_exit rc;

	if (s->st.done.n == 0)
		return NB_EXIT_OK;
	rc = session_apply(s, session_expected(s));
	if (rc != NB_EXIT_OK) {
		log_msg(LOG_ERR, "job %" PRIu32 " ended: kernel.numa_balancing not put back to %d; the "
		        "restore stays owed until the next prolog, epilog or reconcile (check reports it)",
		        s->st.done.recs[0].job, session_expected(s));
		return rc;
	}
	failpoint("settle", "restored");
	while (s->st.done.n > 0) {
		struct nb_record r = s->st.done.recs[0];

		if (state_remove_record(&s->st, r.job, NB_DONE) != 0)
			return NB_EXIT_BROKEN;
		log_end(s, &r, before);
		if (cleared)
			(*cleared)++;
	}
	return NB_EXIT_OK;
}

enum nb_exit settle(struct nb_session *s, unsigned *cleared)
{
	enum nb_exit rc = settle_pending(s);

	if (cleared)
		*cleared = 0;
	if (rc == NB_EXIT_OK)
		rc = settle_done(s, cleared);
	if (rc == NB_EXIT_OK)
		rc = session_apply(s, session_expected(s));
	return rc == NB_EXIT_OK ? session_drop_lone_baseline(s) : rc;
}
